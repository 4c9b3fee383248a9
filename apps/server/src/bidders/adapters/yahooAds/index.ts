// Yahoo Ads: bidder module (info, params schema, adapter), plus its hard aliases yahooAdvertising and
// yahoossp.
import type { BidderModule } from '../../info.js';
import { info, yahooAdvertisingInfo, yahoosspInfo } from './info.js';
import { paramsSchema } from './params-schema.js';
import { adapter } from './adapter.js';

export const bidder: BidderModule = { code: 'yahooAds', info, paramsSchema, adapter };
export const yahooAdvertising: BidderModule = {
  code: 'yahooAdvertising',
  info: yahooAdvertisingInfo,
  paramsSchema,
  adapter,
};
export const yahoossp: BidderModule = { code: 'yahoossp', info: yahoosspInfo, paramsSchema, adapter };
