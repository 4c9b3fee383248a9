// FreeWheel SSP bidder info (endpoint, GVL id, capabilities, user sync), and its hard alias freewheel-ssp.
import type { BidderInfo } from '../../info.js';

const userSync: BidderInfo['userSync'] = {
  iframe: {
    url:
      'https://ads.stickyadstv.com/pbs-user-sync?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
      '&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&r={{redirect_url}}',
    userMacro: '{viewerid}',
  },
};

export const info: BidderInfo = {
  endpoint: 'https://ads.stickyadstv.com/openrtb/dsp',
  enabled: true,
  maintainer: { email: 'prebid-maintainer@freewheel.com' },
  gvlVendorId: 285,
  capabilities: { site: ['video'], app: ['video'] },
  modifyingVastXmlAllowed: true,
  openrtbVersion: '2.6',
  gppSupported: true,
  userSync,
};

export const freewheelSspAliasInfo: BidderInfo = {
  endpoint: info.endpoint,
  enabled: true,
  maintainer: info.maintainer,
  gvlVendorId: 285,
  capabilities: info.capabilities,
  aliasOf: 'freewheelssp',
  modifyingVastXmlAllowed: true,
  openrtbVersion: '2.6',
  gppSupported: true,
  userSync,
};
