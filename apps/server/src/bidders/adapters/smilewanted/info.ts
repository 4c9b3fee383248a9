// SmileWanted bidder info (endpoint, GVL id, capabilities, user sync), from SmileWanted's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://prebid-server.smilewanted.com/go/',
  enabled: true,
  maintainer: { email: 'tech@smilewanted.com' },
  gvlVendorId: 639,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  userSync: {
    redirect: {
      url:
        'https://csync.smilewanted.com/getuid?source=prebid-server&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&redirect={{redirect_url}}',
      userMacro: '$UID',
    },
  },
};
