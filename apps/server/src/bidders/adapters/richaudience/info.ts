// Rich Audience bidder info: endpoint, GVL id, capabilities and user sync, from Rich Audience's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://ortb.richaudience.com/ortb/?bidder=pbs',
  enabled: true,
  maintainer: {
    email: 'partnerintegrations@richaudience.com',
  },
  gvlVendorId: 108,
  capabilities: {
    site: ['banner', 'video'],
    app: ['banner', 'video'],
  },
  modifyingVastXmlAllowed: true,
  userSync: {
    iframe: {
      url: 'https://sync.richaudience.com/74889303289e27f327ad0c6de7be7264/?consentString={{gdpr_consent}}&r={{redirect_url}}',
      userMacro: '[PDID]',
    },
    redirect: {
      url: 'https://sync.richaudience.com/f7872c90c5d3791e2b51f7edce1a0a5d/?p=pbs&consentString={{gdpr_consent}}&r={{redirect_url}}',
      userMacro: '[PDID]',
    },
  },
};
