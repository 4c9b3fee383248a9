// Equativ (Smart AdServer): bidder modules (smartadserver and its hard alias equativ).
import type { BidderModule } from '../../info.js';
import { info, equativInfo } from './info.js';
import { paramsSchema } from './params-schema.js';
import { adapter } from './adapter.js';

export const bidder: BidderModule = { code: 'smartadserver', info, paramsSchema, adapter };
export const equativ: BidderModule = { code: 'equativ', info: equativInfo, paramsSchema, adapter };
