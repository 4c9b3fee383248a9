// Cadent Aperture MX: bidder module (info, params schema, adapter), plus `emx_digital`, its former code,
// which upstream still builds with the same adapter.
import type { BidderModule } from '../../info.js';
import { emxDigitalInfo, info } from './info.js';
import { paramsSchema } from './params-schema.js';
import { adapter } from './adapter.js';

export const bidder: BidderModule = { code: 'cadent_aperture_mx', info, paramsSchema, adapter };
export const emxDigital: BidderModule = { code: 'emx_digital', info: emxDigitalInfo, paramsSchema, adapter };
