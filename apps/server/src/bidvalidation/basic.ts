// The bidder-level bid checks (G exchange/bidder_validate_bids.go): run on every seat a bidder
// returns, before adjustment and conversion. A seat whose currency the request does not accept loses
// all its bids with one error; then each bid needs an id, an impid, a creative id and a positive
// price (zero only with a deal). Price problems are silent unless response debug is allowed.
// Every message is a plain error upstream, hence code 999 in `ext.errors.{bidder}`.
import { isKnownCurrency } from '../currency/currency-codes.js';
import { ISSUE_CODE, isRecord, type BidLike, type Issue } from './types.js';

const DEFAULT_CURRENCY = 'USD';

const issue = (message: string): Issue => ({ code: ISSUE_CODE.unknown, message });

/** G golang.org/x/text/currency.ParseISO: three letters, any case, a known code. */
function parseIsoCurrency(code: string): { unit: string } | { error: string } {
  if (!/^[A-Za-z]{3}$/.test(code)) return { error: 'currency: tag is not well-formed' };
  const unit = code.toUpperCase();
  return isKnownCurrency(unit) ? { unit } : { error: 'currency: tag is not a recognized currency' };
}

/**
 * The seat's currency against the request's `cur` (both default to USD). Returns the error that
 * drops the whole seat, or undefined.
 */
export function validateSeatCurrency(
  requestCur: readonly string[] | undefined,
  seatCurrency: string | undefined,
): Issue | undefined {
  const parsed = parseIsoCurrency(seatCurrency ? seatCurrency : DEFAULT_CURRENCY);
  if ('error' in parsed) return issue(parsed.error);
  const allowed = requestCur && requestCur.length > 0 ? requestCur : [DEFAULT_CURRENCY];
  if (allowed.some((c) => typeof c === 'string' && c.toUpperCase() === parsed.unit)) return undefined;
  return issue(`Bid currency is not allowed. Was '${parsed.unit}', wants: ['${allowed.join("', '")}']`);
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * One bid's required fields. `{ok: false}` without an issue = dropped silently (price problems
 * when debug is not allowed, as upstream).
 */
export function validateBidFields(
  bid: BidLike | null | undefined,
  debug: boolean,
): { ok: true } | { ok: false; issue?: Issue } {
  if (!isRecord(bid)) return { ok: false, issue: issue('Empty bid object submitted.') };
  const id = text(bid.id);
  if (id === '') return { ok: false, issue: issue("Bid missing required field 'id'") };
  if (text(bid.impid) === '')
    return { ok: false, issue: issue(`Bid "${id}" missing required field 'impid'`) };
  const price = bid.price === undefined ? 0 : bid.price;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) {
    return debug
      ? {
          ok: false,
          issue: issue(`Bid "${id}" does not contain a positive (or zero if there is a deal) 'price'`),
        }
      : { ok: false };
  }
  if (price === 0 && text(bid.dealid) === '') {
    return debug
      ? {
          ok: false,
          issue: issue(
            `Bid "${id}" does not contain positive 'price' which is required since there is no deal set for this bid`,
          ),
        }
      : { ok: false };
  }
  if (text(bid.crid) === '') return { ok: false, issue: issue(`Bid "${id}" missing creative ID`) };
  return { ok: true };
}

export interface SeatBidsInput<T> {
  /** `cur` of the request sent to the bidder. */
  requestCur: readonly string[] | undefined;
  /** Currency the bidder answered in ('' / undefined = USD). */
  seatCurrency: string | undefined;
  /** The seat's bids; `bidOf` picks the OpenRTB bid out of each item. */
  items: readonly T[];
  bidOf: (item: T) => BidLike | null | undefined;
  /** Response debug allowed (G bidRequestOptions.responseDebugAllowed): price problems are reported. */
  debug: boolean;
}

/** G removeInvalidBids: the bids kept, and the errors for `ext.errors.{bidder}`. */
export function removeInvalidBids<T>(input: SeatBidsInput<T>): { kept: T[]; errors: Issue[] } {
  if (input.items.length === 0) return { kept: [], errors: [] };
  const currencyError = validateSeatCurrency(input.requestCur, input.seatCurrency);
  if (currencyError) return { kept: [], errors: [currencyError] };
  const kept: T[] = [];
  const errors: Issue[] = [];
  for (const item of input.items) {
    const verdict = validateBidFields(input.bidOf(item), input.debug);
    if (verdict.ok) kept.push(item);
    else if (verdict.issue) errors.push(verdict.issue);
  }
  return { kept, errors };
}
