// InMobi bidder info (endpoint, GVL id, capabilities, user sync), from InMobi's published facts.
import type { BidderInfo } from '../../info.js';

const SYNC_URL =
  'https://sync.inmobi.com/prebid?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}' +
  '&gpp={{gpp}}&gpp_sid={{gpp_sid}}&redirect={{redirect_url}}';

export const info: BidderInfo = {
  endpoint: 'https://api.w.inmobi.com/showad/openrtb/bidder/prebid',
  enabled: true,
  maintainer: { email: 'prebid-support@inmobi.com' },
  gvlVendorId: 333,
  capabilities: { site: ['banner', 'video', 'native'], app: ['banner', 'video', 'native'] },
  userSync: {
    iframe: { url: SYNC_URL, userMacro: '{ID5UID}' },
    redirect: { url: SYNC_URL, userMacro: '{ID5UID}' },
  },
};
