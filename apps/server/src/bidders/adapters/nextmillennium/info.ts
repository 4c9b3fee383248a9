// NextMillennium bidder info (endpoint, GVL id, capabilities, user sync), from its published facts.
import type { BidderInfo } from '../../info.js';

const consent = 'gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}';

export const info: BidderInfo = {
  endpoint: 'https://pbs.nextmillmedia.com/openrtb2/auction',
  enabled: true,
  maintainer: { email: 'accountmanagers@nextmillennium.io' },
  gvlVendorId: 1060,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  endpointCompression: 'gzip',
  userSync: {
    iframe: {
      url: `https://cookies.nextmillmedia.com/sync?${consent}&redirect={{redirect_url}}`,
      userMacro: '[NMUID]',
    },
    redirect: {
      url: `https://cookies.nextmillmedia.com/sync?type=image&${consent}&redirect={{redirect_url}}`,
      userMacro: '[NMUID]',
    },
  },
};
