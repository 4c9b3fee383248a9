// Seedtag bidder info (endpoint, GVL id, capabilities, user sync), from Seedtag's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://s.seedtag.com/c/openrtb?partner=prebidserver',
  enabled: true,
  maintainer: { email: 'prebid@seedtag.com' },
  gvlVendorId: 157,
  capabilities: { site: ['video', 'banner'] },
  userSync: {
    iframe: {
      url:
        'https://s.seedtag.com/cs/cookiesync/prebid?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&usp_consent={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&redirect={{redirect_url}}',
      userMacro: '$UID',
    },
  },
};
