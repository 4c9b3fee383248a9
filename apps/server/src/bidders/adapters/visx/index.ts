// VIS.X: bidder module (info, params schema, adapter).
import type { BidderModule } from '../../info.js';
import { info } from './info.js';
import { paramsSchema } from './params-schema.js';
import { adapter } from './adapter.js';

export const bidder: BidderModule = { code: 'visx', info, paramsSchema, adapter };
