// Teads bidder info (endpoint, GVL id, capabilities), from Teads' published facts (in-app only).
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://psrv.teads.tv/prebid-server/bid-request',
  enabled: true,
  maintainer: { email: 'innov-ssp@teads.tv' },
  gvlVendorId: 132,
  capabilities: { app: ['banner', 'video'] },
};
