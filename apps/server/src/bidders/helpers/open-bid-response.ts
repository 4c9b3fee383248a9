// The first steps of every makeBids: standard status handling, then decoding the OpenRTB bid response.
// Adapters with their own bid loop start here instead of repeating both steps.
import type { BidResponse } from '../../openrtb/types.js';
import type { BidderResponse, CompletedCall, Result } from '../types.js';
import { stopOnStatus, type StatusWording } from './response-status.js';
import { parseBidResponse } from './bid-response.js';
import { withProps } from '@gavel/common';

/** The decoded answer of a 200 call, or the result the adapter returns as it is (no bids / error). */
export function openBidResponse(
  call: CompletedCall,
  options: { wording?: StatusWording; parseErrorPrefix?: string } = {},
): { ok: true; response: BidResponse } | { ok: false; result: Result<BidderResponse | null> } {
  const stop = stopOnStatus(call.response, options.wording);
  if (stop) return { ok: false, result: stop };
  const parsed = parseBidResponse(call);
  if (!parsed.ok) {
    const error = withProps(parsed.error, {
      message: `${options.parseErrorPrefix ?? ''}${parsed.error.message}`,
    });
    return { ok: false, result: { value: null, errors: [error] } };
  }
  return { ok: true, response: parsed.value };
}
