// OpenWeb bidder info (endpoint, GVL id, capabilities, user sync), from OpenWeb's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://pbs.openwebmp.com/pbs',
  enabled: true,
  maintainer: { email: 'monetization@openweb.com' },
  gvlVendorId: 280,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  modifyingVastXmlAllowed: true,
  userSync: {
    iframe: {
      url:
        'https://pbs-cs.openwebmp.com/pbs-iframe?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&redirect={{redirect_url}}',
      userMacro: '[PBS_UID]',
    },
  },
};
