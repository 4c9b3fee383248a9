// MobileFuse bidder info (endpoint, GVL id, capabilities, user sync), from MobileFuse's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'http://mfx.mobilefuse.com/openrtb',
  enabled: true,
  maintainer: { email: 'prebid@mobilefuse.com' },
  gvlVendorId: 909,
  geoscope: ['USA', 'CAN'],
  endpointCompression: 'gzip',
  openrtbVersion: '2.6',
  gppSupported: true,
  capabilities: { site: ['banner', 'video', 'native'], app: ['banner', 'video', 'native'] },
  userSync: {
    iframe: {
      url: 'https://mfx.mobilefuse.com/usync?us_privacy={{us_privacy}}&pxurl={{redirect_url}}',
      userMacro: '$UID',
    },
    redirect: {
      url: 'https://mfx.mobilefuse.com/getuid?us_privacy={{us_privacy}}&redir={{redirect_url}}',
      userMacro: '$UID',
    },
  },
};
