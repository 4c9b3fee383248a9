// The Trade Desk: bidder modules (thetradedesk and its hard alias ttd).
import type { BidderModule } from '../../info.js';
import { info, ttdInfo } from './info.js';
import { paramsSchema } from './params-schema.js';
import { adapter } from './adapter.js';

export const bidder: BidderModule = { code: 'thetradedesk', info, paramsSchema, adapter };
export const ttd: BidderModule = { code: 'ttd', info: ttdInfo, paramsSchema, adapter };
