// Criteo bidder info: endpoint, GVL id, capabilities and user sync, from Criteo's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://ssp-bidder.criteo.com/openrtb/pbs/auction/request?profile=230',
  enabled: true,
  maintainer: {
    email: 'prebid@criteo.com',
  },
  gvlVendorId: 91,
  geoscope: ['global'],
  gppSupported: true,
  capabilities: {
    site: ['banner', 'video', 'native'],
    app: ['banner', 'video', 'native'],
  },
  userSync: {
    iframe: {
      url: 'https://ssp-sync.criteo.com/user-sync/iframe?gdprapplies={{gdpr}}&gdpr={{gdpr_consent}}&ccpa={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&redir={{redirect_url}}&profile=230',
      userMacro: '${CRITEO_USER_ID}',
    },
    redirect: {
      url: 'https://ssp-sync.criteo.com/user-sync/redirect?gdprapplies={{gdpr}}&gdpr={{gdpr_consent}}&ccpa={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&redir={{redirect_url}}&profile=230',
      userMacro: '${CRITEO_USER_ID}',
    },
  },
  openrtbVersion: '2.6',
};
