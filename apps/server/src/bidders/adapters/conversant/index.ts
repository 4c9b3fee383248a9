// Epsilon (Conversant): bidder modules (conversant and its hard alias epsilon).
import type { BidderModule } from '../../info.js';
import { info, epsilonInfo } from './info.js';
import { paramsSchema } from './params-schema.js';
import { adapter } from './adapter.js';

export const bidder: BidderModule = { code: 'conversant', info, paramsSchema, adapter };
export const epsilon: BidderModule = { code: 'epsilon', info: epsilonInfo, paramsSchema, adapter };
