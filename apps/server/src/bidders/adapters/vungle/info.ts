// Vungle (Liftoff) bidder info (endpoint, capabilities), from Vungle's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://rtb.ads.vungle.com/bid/t/c770f32',
  enabled: true,
  maintainer: { email: 'vxssp@liftoff.io' },
  endpointCompression: 'gzip',
  modifyingVastXmlAllowed: true,
  capabilities: { site: ['video'], app: ['video'] },
};
