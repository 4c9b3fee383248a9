// prebid.ortb2blocking (upstream G modules/prebid/ortb2blocking/module.go): blocks per bidder on the way
// out (bidder_request) and enforced on the way back (raw_bidder_response). Config: the account's
// `hooks.modules.prebid.ortb2blocking` over the host's (docs/modules-ortb2blocking.md).
import type {
  BidderRequestPayload,
  Hook,
  HookResult,
  InvocationContext,
  Module,
  RawBidderResponsePayload,
} from '../types.js';
import { handleBidderRequest } from './bidder-request.js';
import {
  BlockingConfigError,
  EMPTY_CONFIG,
  parseOrtb2BlockingConfig,
  type Ortb2BlockingConfig,
} from './config.js';
import { handleRawBidderResponse } from './raw-bidder-response.js';

export const ORTB2BLOCKING_MODULE_CODE = 'prebid.ortb2blocking';
export const ORTB2BLOCKING_BIDDER_REQUEST_HOOK = 'ortb2blocking-bidder-request';
export const ORTB2BLOCKING_RAW_BIDDER_RESPONSE_HOOK = 'ortb2blocking-raw-bidder-response';

const parsedConfigs = new WeakMap<object, Ortb2BlockingConfig | BlockingConfigError>();

/** Parsed once per config object (account configs are shared between auctions). */
function configOf(raw: Readonly<Record<string, unknown>>): Ortb2BlockingConfig | BlockingConfigError {
  let cfg = parsedConfigs.get(raw);
  if (cfg === undefined) {
    try {
      cfg = parseOrtb2BlockingConfig(raw);
    } catch (err) {
      if (!(err instanceof BlockingConfigError)) throw err;
      cfg = err;
    }
    parsedConfigs.set(raw, cfg);
  }
  return cfg;
}

export const ortb2BlockingBidderRequestHook: Hook<'bidder_request'> = (
  payload,
  ctx: InvocationContext,
): HookResult<BidderRequestPayload> => {
  // G: no account config, nothing to do (not even the module context).
  if (ctx.accountConfig === undefined) return {};
  const cfg = configOf(ctx.accountConfig);
  if (cfg instanceof BlockingConfigError) return { errors: [cfg.message] };
  return handleBidderRequest(cfg, payload);
};

export const ortb2BlockingRawBidderResponseHook: Hook<'raw_bidder_response'> = (
  payload,
  ctx: InvocationContext,
): HookResult<RawBidderResponsePayload> => {
  const cfg = ctx.accountConfig === undefined ? EMPTY_CONFIG : configOf(ctx.accountConfig);
  if (cfg instanceof BlockingConfigError) return { errors: [cfg.message] };
  return handleRawBidderResponse(cfg, payload, ctx.moduleContext);
};

export const ortb2BlockingModule: Module = {
  code: ORTB2BLOCKING_MODULE_CODE,
  hooks: {
    bidder_request: { [ORTB2BLOCKING_BIDDER_REQUEST_HOOK]: ortb2BlockingBidderRequestHook },
    raw_bidder_response: { [ORTB2BLOCKING_RAW_BIDDER_RESPONSE_HOOK]: ortb2BlockingRawBidderResponseHook },
  },
};
