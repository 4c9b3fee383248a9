// Kueez RTB bidder info (endpoint, GVL id, capabilities, iframe user sync), from Kueez's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://prebidsrvr.kueezrtb.com/openrtb/',
  enabled: true,
  maintainer: { email: 'rtb@kueez.com' },
  gvlVendorId: 1165,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  userSync: {
    iframe: {
      url:
        'https://sync.kueezrtb.com/api/user/html/62ce79e7dd15099534ae5e04?pbs=true&gdpr={{gdpr}}' +
        '&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&redirect={{redirect_url}}' +
        '&gpp={{gpp}}&gpp_sid={{gpp_sid}}',
      userMacro: '${userId}',
    },
  },
};
