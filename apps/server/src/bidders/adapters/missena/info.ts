// Missena bidder info (endpoint, GVL id, capabilities, user sync), from Missena's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://bid.missena.io/?t={{.PublisherID}}',
  enabled: true,
  maintainer: { email: 'prebid@missena.com' },
  gvlVendorId: 687,
  modifyingVastXmlAllowed: true,
  capabilities: { site: ['banner'], app: ['banner'] },
  userSync: {
    iframe: {
      url:
        'https://sync.missena.io/iframe?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}' +
        '&redirect={{redirect_url}}',
      userMacro: '$UID',
    },
  },
};
