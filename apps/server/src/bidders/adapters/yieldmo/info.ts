// Yieldmo bidder info: endpoint, GVL id, capabilities and user sync, from Yieldmo's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://ads.yieldmo.com/exchange/prebid-server',
  enabled: true,
  maintainer: {
    email: 'prebid@yieldmo.com',
  },
  gvlVendorId: 173,
  capabilities: {
    site: ['banner', 'video'],
    app: ['banner', 'video'],
  },
  userSync: {
    redirect: {
      url: 'https://ads.yieldmo.com/pbsync?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&redirectUri={{redirect_url}}',
      userMacro: '$UID',
    },
  },
  openrtbVersion: '2.6',
};
