// GumGum bidder info (endpoint, GVL id, capabilities, user sync), from GumGum's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://g2.gumgum.com/providers/prbds2s/bid',
  enabled: true,
  maintainer: { email: 'prebid@gumgum.com' },
  gvlVendorId: 61,
  gppSupported: true,
  capabilities: { site: ['banner', 'video'] },
  openrtbVersion: '2.6',
  userSync: {
    // GumGum appends the user id to the redirect URL itself, so there is no user macro.
    iframe: {
      url:
        'https://rtb.gumgum.com/usync/prbds2s?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&r={{redirect_url}}',
    },
  },
};
