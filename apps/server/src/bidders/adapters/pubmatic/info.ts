// PubMatic bidder info (endpoint, GVL id, capabilities, user sync), from PubMatic's published facts.
import type { BidderInfo } from '../../info.js';

const consent = 'gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}';

export const info: BidderInfo = {
  endpoint: 'https://hbopenbid.pubmatic.com/translator?source=prebid-server',
  enabled: true,
  maintainer: { email: 'header-bidding@pubmatic.com' },
  gvlVendorId: 76,
  endpointCompression: 'gzip',
  gppSupported: true,
  capabilities: { site: ['banner', 'video', 'native'], app: ['banner', 'video', 'native'] },
  openrtbVersion: '2.6',
  userSync: {
    // The iframe sync appends the user id to the redirect URL itself (no macro).
    iframe: {
      url: `https://ads.pubmatic.com/AdServer/js/user_sync.html?${consent}&predirect={{redirect_url}}`,
    },
    redirect: {
      url: `https://image8.pubmatic.com/AdServer/ImgSync?p=159706&${consent}&pu={{redirect_url}}`,
      userMacro: '#PMUID',
    },
  },
};
