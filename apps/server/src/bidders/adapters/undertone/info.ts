// Undertone bidder info (endpoint, GVL id, capabilities, user sync), from Undertone's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://ads.undertone.com/rtb',
  enabled: true,
  maintainer: { email: 'csop@undertone.com' },
  gvlVendorId: 677,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  openrtbVersion: '2.6',
  modifyingVastXmlAllowed: true,
  userSync: {
    iframe: {
      url:
        'https://cdn.undertone.com/js/usersync.html?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&redirect={{redirect_url}}',
      userMacro: '$UID',
    },
  },
};
