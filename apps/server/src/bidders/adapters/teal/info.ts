// Teal bidder info (endpoint, GVL id, capabilities, iframe user sync), from Teal's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://a.bids.ws/openrtb2/auction',
  enabled: true,
  maintainer: { email: 'prebid@teal.works' },
  gvlVendorId: 1378,
  capabilities: { site: ['banner', 'video', 'native'], app: ['banner', 'video', 'native'] },
  openrtbVersion: '2.6',
  modifyingVastXmlAllowed: true,
  userSync: {
    key: 'teal',
    iframe: {
      url:
        'https://bids.ws/load-pbs.html?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}' +
        '&gpp={{gpp}}&gpp_sid={{gpp_sid}}&redirect_url={{redirect_url}}',
    },
  },
};
