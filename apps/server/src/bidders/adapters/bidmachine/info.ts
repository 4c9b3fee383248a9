// BidMachine bidder info (endpoint, GVL id, capabilities), from BidMachine's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://{{.Host}}.bidmachine.io',
  enabled: true,
  maintainer: { email: 'hi@bidmachine.io' },
  gvlVendorId: 736,
  capabilities: { app: ['banner', 'video'] },
};
