// sspBC (Grupa WP) bidder info (endpoint, GVL id, capabilities, user sync), from its published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://ssp.wp.pl/v2/bidder/prebidserver',
  enabled: true,
  maintainer: { email: 'prebid-dev@grupawp.pl' },
  gvlVendorId: 676,
  capabilities: { site: ['banner'] },
  userSync: {
    preferred: 'iframe',
    iframe: { url: 'https://ssp.wp.pl/bidder/usersync?tcf=2&redirect={{redirect_url}}', userMacro: '$UID' },
    redirect: {
      url:
        'https://ssp.wp.pl/v1/sync/prebid-server/pixel?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&redirect={{redirect_url}}',
      userMacro: '$UID',
    },
  },
};
