// Insticator bidder info (endpoints, GVL id, capabilities, iframe user sync), from Insticator's
// published facts; app traffic goes to the app endpoint of extraInfo.
import type { BidderInfo } from '../../info.js';

export interface InsticatorExtraInfo {
  app_endpoint: string;
}

const extraInfo: InsticatorExtraInfo = { app_endpoint: 'https://aex.ingage.tech/v1/prebidserver' };

export const info: BidderInfo = {
  endpoint: 'https://ex.ingage.tech/v1/prebidserver',
  enabled: true,
  extraInfo,
  maintainer: { email: 'prebid@insticator.com' },
  gvlVendorId: 910,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  openrtbVersion: '2.6',
  userSync: {
    iframe: {
      url:
        'https://usync.ingage.tech?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}' +
        '&redirect={{redirect_url}}',
      userMacro: '$UID',
    },
  },
};
