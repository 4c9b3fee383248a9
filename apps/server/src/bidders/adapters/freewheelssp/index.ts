// FreeWheel SSP: bidder module (info, params schema, adapter), plus its hard alias freewheel-ssp.
import type { BidderModule } from '../../info.js';
import { freewheelSspAliasInfo, info } from './info.js';
import { paramsSchema } from './params-schema.js';
import { adapter } from './adapter.js';

export const bidder: BidderModule = { code: 'freewheelssp', info, paramsSchema, adapter };
export const freewheelSsp: BidderModule = {
  code: 'freewheel-ssp',
  info: freewheelSspAliasInfo,
  paramsSchema,
  adapter,
};
