// Kargo: the request goes as is; bids say their type in `ext.mediaType` (banner when absent).
import type { Adapter } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { typeFromBidExt } from '../../helpers/bid-type.js';

export const adapter: Adapter = createOrtbAdapter({
  status: { period: true },
  bidType: (bid) => typeFromBidExt(bid, 'mediaType') ?? 'banner',
});
