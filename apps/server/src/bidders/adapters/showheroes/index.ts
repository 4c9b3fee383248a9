// ShowHeroes: bidder module (info, params schema, adapter), plus its hard aliases showheroes-bs and
// showheroesBs.
import type { BidderModule } from '../../info.js';
import { info, aliasInfo } from './info.js';
import { paramsSchema } from './params-schema.js';
import { adapter } from './adapter.js';

export const bidder: BidderModule = { code: 'showheroes', info, paramsSchema, adapter };
export const showheroesBsDash: BidderModule = {
  code: 'showheroes-bs',
  info: aliasInfo,
  paramsSchema,
  adapter,
};
export const showheroesBs: BidderModule = { code: 'showheroesBs', info: aliasInfo, paramsSchema, adapter };
