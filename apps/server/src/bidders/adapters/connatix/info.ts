// Connatix bidder info (endpoint, GVL id, capabilities, user sync), from Connatix's published facts.
import type { BidderInfo } from '../../info.js';

const consent =
  'gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}';

export const info: BidderInfo = {
  endpoint: 'https://capi.connatix.com/rtb/ortb',
  enabled: true,
  maintainer: { email: 'pubsolutions@connatix.com' },
  gvlVendorId: 143,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  userSync: {
    iframe: {
      url: `https://capi.connatix.com/us/pixel?pId=53&${consent}&callback={{redirect_url}}`,
      userMacro: '[UID]',
    },
    redirect: {
      url: `https://capi.connatix.com/us/pixel?pId=52&${consent}&callback={{redirect_url}}`,
      userMacro: '[UID]',
    },
  },
};
