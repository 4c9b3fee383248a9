// RTB House bidder info (endpoint, GVL id, capabilities, user sync), from RTB House's published facts.
// The endpoint is the EMEA data centre; hosts elsewhere configure their region's endpoint. User sync
// is redirect-based and its URL is set by the host with RTB House.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'http://prebidserver-s2s-ams.creativecdn.com/bidder/prebidserver/bids',
  enabled: true,
  maintainer: { email: 'prebid@rtbhouse.com' },
  gvlVendorId: 16,
  capabilities: { site: ['banner', 'native'], app: ['banner', 'native'] },
  openrtbVersion: '2.6',
  userSync: { preferred: 'redirect' },
};
