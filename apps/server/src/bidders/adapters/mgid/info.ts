// Mgid bidder info (endpoint, GVL id, capabilities, user sync), from Mgid's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://prebid.mgid.com/prebid/',
  enabled: true,
  maintainer: { email: 'prebid@mgid.com' },
  gvlVendorId: 358,
  capabilities: { site: ['banner', 'native'], app: ['banner', 'native'] },
  userSync: {
    redirect: { url: 'https://cm.mgid.com/m?cdsp=363893&adu={{redirect_url}}', userMacro: '{muidn}' },
  },
};
