// DeepIntent bidder info (endpoint, GVL id, capabilities, user sync), from DeepIntent's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://prebid.deepintent.com/prebid',
  enabled: true,
  maintainer: { email: 'prebiddev@deepintent.com' },
  gvlVendorId: 541,
  geoscope: ['USA'],
  capabilities: { site: ['banner'], app: ['banner'] },
  userSync: {
    redirect: {
      url:
        'https://match.deepintent.com/usersync/136?id=unk&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&redir={{redirect_url}}',
      userMacro: '[UID]',
    },
  },
};
