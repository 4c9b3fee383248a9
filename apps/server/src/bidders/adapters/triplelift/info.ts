// TripleLift bidder info (endpoint, GVL id, capabilities, user sync), from TripleLift's published facts.
import type { BidderInfo } from '../../info.js';

const syncQuery =
  'gdpr={{gdpr}}&cmp_cs={{gdpr_consent}}&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}' +
  '&redir={{redirect_url}}';

export const info: BidderInfo = {
  endpoint: 'https://tlx.3lift.com/s2s/auction?sra=1&supplier_id=20',
  enabled: true,
  maintainer: { email: 'prebid@triplelift.com' },
  gvlVendorId: 28,
  endpointCompression: 'gzip',
  gppSupported: true,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  openrtbVersion: '2.6',
  // The redirect domain must be allowlisted by TripleLift before hosts enable syncing.
  userSync: {
    iframe: { url: `https://eb2.3lift.com/sync?${syncQuery}`, userMacro: '$UID' },
    redirect: { url: `https://eb2.3lift.com/getuid?${syncQuery}`, userMacro: '$UID' },
  },
};
