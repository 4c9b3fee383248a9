// TripleLift Native bidder info, from TripleLift's published facts. Off by default: hosts enable it and
// list the publishers allowed to use it (extraInfo `publisher_whitelist`).
import type { BidderInfo } from '../../info.js';

const syncQuery =
  'gdpr={{gdpr}}&cmp_cs={{gdpr_consent}}&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}' +
  '&redir={{redirect_url}}';

export interface TripleliftNativeExtraInfo {
  publisher_whitelist: string[];
}

const extraInfo: TripleliftNativeExtraInfo = { publisher_whitelist: [] };

export const info: BidderInfo = {
  endpoint: 'https://tlx.3lift.com/s2sn/auction?supplier_id=20',
  enabled: false,
  extraInfo,
  maintainer: { email: 'prebid@triplelift.com' },
  gvlVendorId: 28,
  capabilities: { site: ['native'], app: ['native'] },
  openrtbVersion: '2.6',
  // The redirect domain must be allowlisted by TripleLift before hosts enable syncing.
  userSync: {
    iframe: { url: `https://eb2.3lift.com/sync?${syncQuery}`, userMacro: '$UID' },
    redirect: { url: `https://eb2.3lift.com/getuid?${syncQuery}`, userMacro: '$UID' },
  },
};
