// Pangle bidder info (capabilities), from Pangle's published facts. Disabled and without a default
// endpoint, as upstream ships it: hosts configure the endpoint.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: '',
  enabled: false,
  maintainer: { email: 'pangle_dsp@bytedance.com' },
  modifyingVastXmlAllowed: true,
  capabilities: { app: ['banner', 'video', 'native'] },
};
