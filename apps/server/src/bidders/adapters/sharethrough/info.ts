// Sharethrough bidder info: endpoint, GVL id, capabilities and user sync, from Sharethrough's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://btlr.sharethrough.com/universal/v1?supply_id=FGMrCMMc',
  enabled: true,
  maintainer: {
    email: 'pubgrowth.engineering@sharethrough.com',
  },
  gvlVendorId: 80,
  geoscope: ['global'],
  capabilities: {
    site: ['banner', 'video', 'native'],
    app: ['banner', 'video', 'native'],
  },
  userSync: {
    redirect: {
      url: 'https://match.sharethrough.com/FGMrCMMc/v1?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&redirectUri={{redirect_url}}',
      userMacro: '$UID',
    },
  },
  openrtbVersion: '2.6',
};
