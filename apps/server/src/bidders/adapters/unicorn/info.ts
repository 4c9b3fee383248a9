// UNICORN bidder info (endpoint, capabilities), from UNICORN's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://ds.uncn.jp/pb/0/bid.json',
  enabled: true,
  maintainer: { email: 'prebid@unicorn.inc' },
  capabilities: { app: ['banner'] },
};
