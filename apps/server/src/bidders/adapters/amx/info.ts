// AMX bidder info (endpoint, GVL id, capabilities, user sync), from AMX's published facts.
import type { BidderInfo } from '../../info.js';

const SYNC_QUERY =
  'gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}' +
  '&s=pbs&cb={{redirect_url}}';

export const info: BidderInfo = {
  endpoint: 'http://pbs.amxrtb.com/auction/openrtb',
  enabled: true,
  maintainer: { email: 'prebid@amxrtb.com' },
  gvlVendorId: 737,
  endpointCompression: 'gzip',
  gppSupported: true,
  capabilities: { site: ['banner', 'video', 'native'], app: ['banner', 'video', 'native'] },
  userSync: {
    iframe: { url: `https://prebid.a-mo.net/isyn?${SYNC_QUERY}`, userMacro: '$UID' },
    redirect: { url: `https://prebid.a-mo.net/cchain/0?${SYNC_QUERY}`, userMacro: '$UID' },
  },
};
