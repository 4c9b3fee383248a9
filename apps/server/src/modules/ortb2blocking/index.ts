// Public surface of the prebid.ortb2blocking module.
export {
  ortb2BlockingModule,
  ortb2BlockingBidderRequestHook,
  ortb2BlockingRawBidderResponseHook,
  ORTB2BLOCKING_MODULE_CODE,
  ORTB2BLOCKING_BIDDER_REQUEST_HOOK,
  ORTB2BLOCKING_RAW_BIDDER_RESPONSE_HOOK,
} from './module.js';
export { parseOrtb2BlockingConfig, BlockingConfigError, type Ortb2BlockingConfig } from './config.js';
export { ENFORCE_BLOCKING_ACTIVITY } from './raw-bidder-response.js';
