// Rubicon: bidder module (info, params schema, adapter), plus its hard alias magnite.
import type { BidderModule } from '../../info.js';
import { info, magniteInfo } from './info.js';
import { paramsSchema } from './params-schema.js';
import { adapter } from './adapter.js';

export const bidder: BidderModule = { code: 'rubicon', info, paramsSchema, adapter };
export const magnite: BidderModule = { code: 'magnite', info: magniteInfo, paramsSchema, adapter };
