// IMDS: bidder module (info, params schema, adapter), plus its deprecated hard alias synacormedia.
import type { BidderModule } from '../../info.js';
import { info, synacormediaInfo } from './info.js';
import { paramsSchema } from './params-schema.js';
import { adapter } from './adapter.js';

export const bidder: BidderModule = { code: 'imds', info, paramsSchema, adapter };
export const synacormedia: BidderModule = {
  code: 'synacormedia',
  info: synacormediaInfo,
  paramsSchema,
  adapter,
};
