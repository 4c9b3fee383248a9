// Floors enforcement (G floors/enforce.go Enforce; the warning text of G exchange.go): bids under
// their imp's floor are rejected (301, deals 304), deal bids only when both the account and the
// request ask for it; the enforce rate decides per auction, and the decision is written back into
// ext.<ns>.floors.enforcement.enforcepbs. Prices compared with decimal.js.
import { withProps } from '@gavel/common';
import type { BidRequest, Imp } from '../openrtb/types.js';
import { DEFAULT_CURRENCY, tryConvert } from './floor-min.js';
import { goFixed4 } from './format.js';
import { parseFloorSwitchesKept } from './memo.js';
import { field, isObj } from './parse.js';
import { satisfiesEnforceRate } from './select.js';
import type { FloorsSettings } from './settings.js';
import type { BidFloorsExt, ConvertFn, PriceFloorRules, RandomFn } from './types.js';

/** A bid as enforcement sees it; the caller's own bid objects pass through untouched. */
export interface FloorBid {
  /** Bidder or alias name. */
  bidder: string;
  /** seatbid.seat (quoted in the warning). */
  seat: string;
  bid: { id: string; impid: string; price: number; dealid?: string };
  /** Currency of bid.price when it is not the input's `currency`. */
  currency?: string;
}

/** Seat-non-bid codes: 301 response rejected below floor, 304 below deal floor. */
export type FloorRejectionCode = 301 | 304;

export interface EnforceInput<T extends FloorBid> {
  /** The auction request after enrichWithPriceFloors. */
  request: BidRequest;
  ns: string;
  settings: FloorsSettings;
  bids: readonly T[];
  /** Currency of the bids' prices (after the bidder layer: the ad-server currency); default USD. */
  currency?: string;
  convert: ConvertFn;
  random: RandomFn;
}

export interface EnforceResult<T extends FloorBid> {
  kept: T[];
  rejected: Array<T & { code: FloorRejectionCode }>;
  /** One per rejected bid (G warning code 10009, FloorBidRejectionWarningCode). */
  warnings: string[];
  /** Conversion failures (the bid is dropped) and an unreadable ext.<ns>.floors (G: code 999). */
  errors: string[];
  /** Whether floors were enforced in this auction (the enforce-rate draw). */
  enforced: boolean;
  /**
   * What upstream writes back into the request's ext.<ns>.floors.enforcement.enforcepbs; absent when
   * the request already says so or floors were not looked at. `enforcedRequest` writes it; the
   * auction itself does not read it back, so the request copy is only made when asked for.
   */
  enforcePbs?: boolean;
  /** `bid.ext.<ns>.floors` for the bids of each imp id (empty when floors were not looked at). */
  impFloors: Record<string, BidFloorsExt>;
}

const floorCurOf = (imp: Imp) => imp.bidfloorcur || DEFAULT_CURRENCY;

/** What G writes into bid.ext.prebid.floors for the bids of one imp (updateBidExtWithFloors). */
function bidFloorsOf(imp: Imp, ns: string): BidFloorsExt | undefined {
  const nsExt = imp.ext?.[ns];
  const floors = isObj(nsExt) ? field(nsExt, 'floors') : undefined;
  const currency = floorCurOf(imp);
  if (!isObj(floors)) {
    return (imp.bidfloor ?? 0) > 0 ? { floorValue: imp.bidfloor ?? 0, floorCurrency: currency } : undefined;
  }
  const rule = floors['floorrule'];
  const ruleValue = floors['floorrulevalue'];
  const value = floors['floorvalue'];
  const out: BidFloorsExt = {};
  if (typeof rule === 'string' && rule !== '') out.floorRule = rule;
  if (typeof ruleValue === 'number' && ruleValue !== 0) out.floorRuleValue = ruleValue;
  if (typeof value === 'number' && value !== 0) out.floorValue = value;
  out.floorCurrency = currency;
  return out;
}

/** The request with ext.<ns>.floors.enforcement.enforcepbs as `enforceFloors` decided (same object when unchanged). */
export function enforcedRequest(
  request: BidRequest,
  ns: string,
  result: { enforcePbs?: boolean },
): BidRequest {
  return result.enforcePbs === undefined ? request : withEnforcePbs(request, ns, result.enforcePbs);
}

function withEnforcePbs(request: BidRequest, ns: string, enforcepbs: boolean): BidRequest {
  const ext = isObj(request.ext) ? request.ext : {};
  const nsExt = isObj(ext[ns]) ? ext[ns] : {};
  const floors = isObj(nsExt['floors']) ? nsExt['floors'] : {};
  const enforcement = isObj(floors['enforcement']) ? floors['enforcement'] : {};
  const newFloors = withProps(floors, { enforcement: withProps(enforcement, { enforcepbs }) });
  return withProps(request, { ext: withProps(ext, { [ns]: withProps(nsExt, { floors: newFloors }) }) });
}

const toMicros = (x: number): number => Math.round(x * 1_000_000);

type Gate = { go: false; result: { errors: string[] } } | { go: true; rules: PriceFloorRules };

/** Whether enforcement looks at the bids at all (floors on, not skipped, some imp has a floor). */
function gate<T extends FloorBid>(input: EnforceInput<T>): Gate {
  const { request, ns, settings } = input;
  const stop = (errors: string[] = []): Gate => ({ go: false, result: { errors } });
  if (!settings.hostEnabled || !settings.account.enabled) return stop();
  const nsExt = request.ext?.[ns];
  const raw = isObj(nsExt) ? field(nsExt, 'floors') : undefined;
  let rules: PriceFloorRules = {};
  if (raw !== undefined) {
    // The gate reads the switches and `enforcement` only: the model data is left out of the parse,
    // and the rest (the same few fields auction after auction) is parsed once per content.
    const parsed = parseFloorSwitchesKept(raw, `ext.${ns}.floors`);
    if (!parsed.ok) return stop(['Error in getting request extension']);
    rules = parsed.value;
  }
  if (rules.enabled === false || rules.skipped === true) return stop();
  if (!request.imp.some((imp) => (imp.bidfloor ?? 0) > 0)) return stop();
  return { go: true, rules };
}

interface Judge {
  ns: string;
  imps: ReadonlyMap<string, Imp>;
  impFloors: Record<string, BidFloorsExt>;
  enforceDeals: boolean;
  /** The bids' currency unless a bid names its own. */
  currency: string;
  convert: ConvertFn;
}

/** undefined = keep; else the rejection code, or an error (bid dropped). */
function judge(b: FloorBid, imp: Imp, j: Judge): { code?: FloorRejectionCode; error?: string } {
  const deal = typeof b.bid.dealid === 'string' && b.bid.dealid !== '';
  if (deal && !j.enforceDeals) return {};
  const floorCur = floorCurOf(imp);
  const currency = b.currency ?? j.currency;
  let price = b.bid.price;
  if (currency !== floorCur) {
    const converted = tryConvert(j.convert, { amount: price, from: currency, to: floorCur });
    if (!converted.ok) {
      const error = `error in rate conversion from = ${currency} to ${floorCur} with bidder ${b.bidder} for impression id ${b.bid.impid} and bid id ${b.bid.id} error = ${converted.error}`;
      return { error };
    }
    price = converted.value;
  }
  // Integer micros: exact for prices of up to 6 decimals, without a Decimal per bid.
  if (toMicros(price) + 10_000 >= toMicros(imp.bidfloor ?? 0)) return {};
  return { code: deal ? 304 : 301 };
}

function warningOf(b: FloorBid, floors: BidFloorsExt | undefined, currency: string): string {
  const floor = goFixed4(floors?.floorValue ?? 0);
  return `${b.seat} bid id ${b.bid.id} rejected - bid price ${goFixed4(b.bid.price)} ${b.currency ?? currency} is less than bid floor ${floor} ${floors?.floorCurrency ?? ''} for imp ${b.bid.impid}`;
}

/**
 * Enforces the imp floors of the (enriched) request on the bids. Never throws. Bids of imps the
 * request does not have are dropped when enforcement runs (as upstream).
 */
export function enforceFloors<T extends FloorBid>(input: EnforceInput<T>): EnforceResult<T> {
  const g = gate(input);
  const base = { kept: [...input.bids], rejected: [], warnings: [], enforced: false, impFloors: {} };
  if (!g.go) return withProps(base, g.result);
  const { request, ns, settings } = input;
  const enforcement = g.rules.enforcement ?? {};
  const enforced = satisfiesEnforceRate(
    { request: enforcement.enforcerate ?? 0, account: settings.account.enforceFloorsRate },
    input.random,
  );
  const enforcepbs = enforcement.enforcepbs === undefined ? enforced : enforced && enforcement.enforcepbs;
  const j: Judge = {
    ns,
    imps: new Map(request.imp.map((imp) => [imp.id, imp])),
    impFloors: {},
    enforceDeals: settings.account.enforceDealFloors && enforcement.floordeals === true,
    currency: input.currency ?? DEFAULT_CURRENCY,
    convert: input.convert,
  };
  for (const imp of request.imp) {
    const floors = bidFloorsOf(imp, ns);
    if (floors) j.impFloors[imp.id] = floors;
  }
  const result: EnforceResult<T> = withProps(base, {
    enforced,
    impFloors: j.impFloors,
    errors: [],
    ...(enforcepbs === enforcement.enforcepbs ? {} : { enforcePbs: enforcepbs }),
  });
  if (!enforced) return result;
  result.kept = [];
  for (const b of input.bids) {
    const imp = j.imps.get(b.bid.impid);
    if (!imp) continue;
    const verdict = enforcepbs ? judge(b, imp, j) : {};
    if (verdict.error !== undefined) result.errors.push(verdict.error);
    else if (verdict.code === undefined) result.kept.push(b);
    else {
      result.rejected.push(withProps(b, { code: verdict.code }));
      result.warnings.push(warningOf(b, j.impFloors[b.bid.impid], j.currency));
    }
  }
  return result;
}
