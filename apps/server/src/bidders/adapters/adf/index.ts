// Adf: bidder modules (adf and its hard alias adform).
import type { BidderModule } from '../../info.js';
import { info, adformInfo } from './info.js';
import { paramsSchema } from './params-schema.js';
import { adapter } from './adapter.js';

export const bidder: BidderModule = { code: 'adf', info, paramsSchema, adapter };
export const adform: BidderModule = { code: 'adform', info: adformInfo, paramsSchema, adapter };
