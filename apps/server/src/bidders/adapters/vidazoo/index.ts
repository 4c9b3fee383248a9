// Vidazoo: bidder module (info, params schema, adapter), plus its hard aliases.
import type { BidderModule } from '../../info.js';
import { adnimationInfo, apesterInfo, info, omnidexInfo, programmaticXInfo, tagorasInfo } from './info.js';
import { paramsSchema } from './params-schema.js';
import { adapter } from './adapter.js';

export const bidder: BidderModule = { code: 'vidazoo', info, paramsSchema, adapter };
export const adnimation: BidderModule = { code: 'adnimation', info: adnimationInfo, paramsSchema, adapter };
export const apester: BidderModule = { code: 'apester', info: apesterInfo, paramsSchema, adapter };
export const omnidex: BidderModule = { code: 'omnidex', info: omnidexInfo, paramsSchema, adapter };
export const programmaticX: BidderModule = {
  code: 'programmaticX',
  info: programmaticXInfo,
  paramsSchema,
  adapter,
};
export const tagoras: BidderModule = { code: 'tagoras', info: tagorasInfo, paramsSchema, adapter };
