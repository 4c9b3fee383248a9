// Yieldlab bidder info (endpoint, GVL id, capabilities, user sync), from Yieldlab's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://ad.yieldlab.net/yp/',
  enabled: true,
  maintainer: { email: 'solutions@yieldlab.de' },
  gvlVendorId: 70,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  userSync: {
    redirect: {
      url: 'https://ad.yieldlab.net/mr?t=2&pid=9140838&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&r={{redirect_url}}',
      userMacro: '%%YL_UID%%',
    },
  },
};
