// MinuteMedia bidder info (endpoint, GVL id, capabilities, user sync), from MinuteMedia's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://pbs.minutemedia-prebid.com/pbs-mm',
  enabled: true,
  maintainer: { email: 'hb@minutemedia.com' },
  gvlVendorId: 918,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  modifyingVastXmlAllowed: true,
  userSync: {
    iframe: {
      url:
        'https://pbs-cs.minutemedia-prebid.com/pbs-iframe?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&redirect={{redirect_url}}',
      userMacro: '[PBS_UID]',
    },
  },
};
