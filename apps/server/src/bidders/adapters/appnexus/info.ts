// AppNexus (Microsoft) bidder info: endpoint, GVL id, capabilities and user sync, from its published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'http://ib.adnxs.com/openrtb2',
  enabled: true,
  maintainer: {
    email: 'prebid@microsoft.com',
  },
  gvlVendorId: 32,
  capabilities: {
    site: ['banner', 'video', 'native'],
    app: ['banner', 'video', 'native'],
  },
  userSync: {
    key: 'adnxs',
    redirect: {
      url: 'https://ib.adnxs.com/getuid?{{redirect_url}}',
      userMacro: '$UID',
    },
  },
};
