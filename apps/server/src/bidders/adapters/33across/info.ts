// 33Across bidder info (endpoint, GVL id, capabilities, user sync), from 33Across's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  // 33Across does not operate in the EEA; European hosts may want to disable it.
  endpoint: 'https://ssc.33across.com/api/v1/s2s',
  enabled: true,
  maintainer: { email: 'headerbidding@33across.com' },
  gvlVendorId: 58,
  geoscope: ['!EEA'],
  capabilities: { site: ['banner', 'video'] },
  userSync: {
    iframe: {
      url:
        'https://ssc-cms.33across.com/ps/?m=xch&rt=html&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&ru={{redirect_url}}&id=zzz000000000002zzz',
      userMacro: '33XUSERID33X',
    },
  },
};
