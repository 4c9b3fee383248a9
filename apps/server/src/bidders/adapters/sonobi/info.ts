// Sonobi bidder info: endpoint, GVL id, capabilities and user sync, from Sonobi's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://apex.go.sonobi.com/prebid?partnerid=71d9d3d8af',
  enabled: true,
  maintainer: {
    email: 'apex.prebid@sonobi.com',
  },
  gvlVendorId: 104,
  capabilities: {
    site: ['banner', 'video', 'native'],
    app: ['banner', 'video', 'native'],
  },
  userSync: {
    iframe: {
      url: 'https://sync.go.sonobi.com/uc.html?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&loc={{redirect_url}}',
      userMacro: '[UID]',
    },
    redirect: {
      url: 'https://sync.go.sonobi.com/us.gif?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&loc={{redirect_url}}',
      userMacro: '[UID]',
    },
  },
};
