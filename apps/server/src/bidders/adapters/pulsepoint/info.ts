// PulsePoint bidder info (endpoint, GVL id, capabilities, user sync), from PulsePoint's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'http://bid.contextweb.com/header/s/ortb/prebid-s2s',
  enabled: true,
  maintainer: { email: 'ExchangeTeam@pulsepoint.com' },
  gvlVendorId: 81,
  capabilities: {
    site: ['banner', 'video', 'audio', 'native'],
    app: ['banner', 'video', 'audio', 'native'],
  },
  openrtbVersion: '2.6',
  gppSupported: true,
  userSync: {
    redirect: {
      url: 'https://bh.contextweb.com/rtset?pid=561205&ev=1&rurl={{redirect_url}}',
      userMacro: '%%VGUID%%',
    },
  },
};
