// e-planning bidder info (endpoint, GVL id, capabilities, user sync), from e-planning's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'http://rtb.e-planning.net/pbs/1',
  enabled: true,
  maintainer: { email: 'producto@e-planning.net' },
  gvlVendorId: 90,
  capabilities: { site: ['banner', 'video'], app: ['banner'] },
  userSync: {
    iframe: { url: 'https://ads.us.e-planning.net/uspd/1/?du={{redirect_url}}', userMacro: '$UID' },
  },
};
