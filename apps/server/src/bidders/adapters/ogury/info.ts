// Ogury bidder info (endpoint, GVL id, capabilities, user sync), from Ogury's published facts.
import type { BidderInfo } from '../../info.js';

const consent =
  'gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&redirect={{redirect_url}}' +
  '&gpp={{gpp}}&gpp_sid={{gpp_sid}}';

export const info: BidderInfo = {
  endpoint: 'https://prebids2s.presage.io/api/header-bidding-request',
  enabled: true,
  maintainer: { email: 'deliveryservices@ogury.co' },
  gvlVendorId: 31,
  capabilities: { site: ['banner'], app: ['banner'] },
  modifyingVastXmlAllowed: true,
  endpointCompression: 'gzip',
  geoscope: ['global'],
  userSync: {
    iframe: {
      url: `https://ms-cookie-sync.presage.io/user-sync.html?${consent}&source=prebids2s`,
      userMacro: '{{OGURY_UID}}',
    },
    redirect: {
      url: `https://ms-cookie-sync.presage.io/user-sync?${consent}&partner=prebids2s`,
      userMacro: '{{OGURY_UID}}',
    },
  },
};
