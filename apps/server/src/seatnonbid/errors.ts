// Which seat-non-bid code a failed bidder call gets for each imp it carried (G
// exchange/non_bid_reason.go httpInfoToNonBidReason): a timeout is 101, a refused connection or a
// host that does not resolve is 103, anything else (bad status, bad body, reset) is 100.
import { NON_BID_REASON } from './reasons.js';

/** How a bidder HTTP call failed, as the transport classifies it. */
export type CallFailureKind =
  'timeout' | 'connection-refused' | 'host-not-found' | 'http-status' | 'bad-response' | 'other';

/** G: 101 for timeouts, 103 for unreachable bidders, else 100. */
export function nonBidReasonForFailure(kind: CallFailureKind): number {
  switch (kind) {
    case 'timeout':
      return NON_BID_REASON.errorTimeout;
    case 'connection-refused':
    case 'host-not-found':
      return NON_BID_REASON.errorBidderUnreachable;
    default:
      return NON_BID_REASON.errorGeneral;
  }
}

/** Bidder error code 1 (timeout, the contract's and G's TimeoutErrorCode) → 101, other codes → 100. */
export function nonBidReasonForErrorCode(code: number): number {
  return code === 1 ? NON_BID_REASON.errorTimeout : NON_BID_REASON.errorGeneral;
}

const UNREACHABLE: ReadonlyMap<string, CallFailureKind> = new Map([
  ['ECONNREFUSED', 'connection-refused'],
  ['ENOTFOUND', 'host-not-found'],
]);
const TIMEOUTS = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * Classifies a Node / undici error by its `code` or `name`, walking `cause` (undici wraps socket
 * errors). Unknown shapes are 'other'. Depth-limited: never loops on a cyclic cause chain.
 */
export function classifyCallError(err: unknown): CallFailureKind {
  let cur: unknown = err;
  for (let depth = 0; depth < 8 && cur !== null && typeof cur === 'object'; depth++) {
    const { code, name, cause } = cur as { code?: unknown; name?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      const unreachable = UNREACHABLE.get(code);
      if (unreachable) return unreachable;
      if (TIMEOUTS.has(code)) return 'timeout';
    }
    if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
    cur = cause;
  }
  return 'other';
}
