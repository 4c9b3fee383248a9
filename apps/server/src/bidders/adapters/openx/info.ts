// OpenX bidder info: endpoint, GVL id, capabilities and user sync, from OpenX's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'http://rtb.openx.net/prebid',
  enabled: true,
  maintainer: {
    email: 'prebid@openx.com',
  },
  gvlVendorId: 69,
  endpointCompression: 'gzip',
  gppSupported: true,
  capabilities: {
    site: ['banner', 'video', 'native'],
    app: ['banner', 'video', 'native'],
  },
  modifyingVastXmlAllowed: true,
  userSync: {
    iframe: {
      url: 'https://u.openx.net/w/1.0/cm?id=891039ac-a916-42bb-a651-4be9e3b201da&ph=a3aece0c-9e80-4316-8deb-faf804779bd1&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&r={{redirect_url}}',
      userMacro: '{OPENX_ID}',
    },
    redirect: {
      url: 'https://rtb.openx.net/sync/prebid?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&r={{redirect_url}}',
      userMacro: '${UID}',
    },
  },
  openrtbVersion: '2.6',
};
