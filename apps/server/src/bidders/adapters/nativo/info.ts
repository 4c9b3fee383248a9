// Nativo bidder info (endpoint, GVL id, capabilities, user sync), from Nativo's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://exchange.postrelease.com/esi?ntv_epid=7',
  enabled: true,
  maintainer: { email: 'prebiddev@nativo.com' },
  gvlVendorId: 263,
  capabilities: { site: ['banner', 'video', 'native'], app: ['banner', 'video', 'native'] },
  openrtbVersion: '2.6',
  gppSupported: true,
  userSync: {
    redirect: {
      url:
        'https://jadserve.postrelease.com/suid/101787?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&ntv_gpp_consent={{gpp}}&ntv_r={{redirect_url}}',
      userMacro: 'NTV_USER_ID',
    },
  },
};
