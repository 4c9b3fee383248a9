// Rise bidder info (endpoint, GVL id, capabilities, user sync), from Rise's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://pbs.yellowblue.io/pbs',
  enabled: true,
  maintainer: { email: 'rise-prog-dev@risecodes.com' },
  gvlVendorId: 1043,
  endpointCompression: 'gzip',
  geoscope: ['global'],
  modifyingVastXmlAllowed: true,
  capabilities: { site: ['banner', 'video', 'native'], app: ['banner', 'video', 'native'] },
  userSync: {
    iframe: {
      url:
        'https://pbs-cs.yellowblue.io/pbs-iframe?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&redirect={{redirect_url}}',
      userMacro: '[PBS_UID]',
    },
  },
};
