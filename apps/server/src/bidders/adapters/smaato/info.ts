// Smaato bidder info: endpoint, GVL id, capabilities and user sync, from Smaato's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://prebid.ad.smaato.net/oapi/prebid',
  enabled: true,
  maintainer: {
    email: 'prebid@smaato.com',
  },
  gvlVendorId: 82,
  endpointCompression: 'gzip',
  geoscope: ['global'],
  capabilities: {
    site: ['banner', 'video', 'native'],
    app: ['banner', 'video', 'native'],
  },
  userSync: {
    iframe: {
      url: 'https://s.ad.smaato.net/i/?adExInit=p&redir={{redirect_url}}&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}',
      userMacro: '$UID',
    },
    redirect: {
      url: 'https://s.ad.smaato.net/c/?adExInit=p&redir={{redirect_url}}&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}',
      userMacro: '$UID',
    },
  },
};
