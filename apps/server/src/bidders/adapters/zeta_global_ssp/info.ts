// Zeta Global SSP bidder info (endpoint, GVL id, capabilities, user sync), from Zeta's published facts.
// Disabled by default, as upstream ships it.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://ssp.disqus.com/bid/prebid-server?sid={{.AccountID}}',
  enabled: false,
  maintainer: { email: 'DL-Zeta-SSP@zetaglobal.com' },
  gvlVendorId: 833,
  endpointCompression: 'gzip',
  geoscope: ['global'],
  modifyingVastXmlAllowed: true,
  openrtbVersion: '2.6',
  gppSupported: true,
  capabilities: { site: ['banner', 'video', 'audio'], app: ['banner', 'video', 'audio'] },
  userSync: {
    redirect: {
      url:
        'https://ssp.disqus.com/redirectuser?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&r={{redirect_url}}',
      userMacro: 'BUYERUID',
    },
  },
};
