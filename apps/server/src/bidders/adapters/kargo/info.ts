// Kargo bidder info: endpoint, GVL id, capabilities and user sync, from Kargo's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://krk2.kargo.com/api/v1/openrtb',
  enabled: true,
  maintainer: {
    email: 'kraken@kargo.com',
  },
  gvlVendorId: 972,
  endpointCompression: 'gzip',
  gppSupported: true,
  capabilities: {
    site: ['banner', 'video', 'native'],
    app: ['banner', 'video', 'native'],
  },
  modifyingVastXmlAllowed: true,
  userSync: {
    redirect: {
      url: 'https://crb.kargo.com/api/v1/dsync/PrebidServer?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&r={{redirect_url}}',
      userMacro: '$UID',
    },
  },
  openrtbVersion: '2.6',
};
