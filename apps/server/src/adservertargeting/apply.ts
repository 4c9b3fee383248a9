// Ad-server targeting at the end of the auction (G adservertargeting.Apply): for every bid of every
// seat, in response order, the request-side values (static, request, AMP) and then the response-side
// values (later wins on the same key), keys cut to truncate_target_attr (20 by default), merged into
// `bid.ext.{ns}.targeting`. `{{BIDDER}}` in a bidresponse rule's key becomes the seat name.
import { copyForWrite, setOwn, withProps } from '@gavel/common';
import type { Bid, BidRequest, BidResponse, Ext, SeatBid } from '../openrtb/types.js';
import { truncateKey } from '../targeting/build-keys.js';
import { collect, type Collected } from './collect.js';
import { responseValue } from './response-lookup.js';
import { validateRules } from './rules.js';
import {
  DEFAULT_KEY_LENGTH,
  warning,
  type AdServerTargetingInput,
  type AdServerTargetingResult,
  type AdServerTargetingWarning,
} from './types.js';

const BIDDER_MACRO = '{{BIDDER}}';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The raw rule list, or undefined when there is nothing to do (the per-auction fast path). */
export function adServerTargetingRulesOf(request: BidRequest, ns: string): unknown {
  const ext = request.ext;
  const nsExt = isObj(ext) ? ext[ns] : undefined;
  if (!isObj(nsExt)) return undefined;
  const raw = nsExt.adservertargeting;
  if (raw == null || (Array.isArray(raw) && raw.length === 0)) return undefined;
  return raw;
}

/** G truncateTargetingKeys: the account's value when above 0, else 20. */
export function maxKeyLength(truncateTargetAttr: number | undefined): number {
  return truncateTargetAttr !== undefined &&
    Number.isSafeInteger(truncateTargetAttr) &&
    truncateTargetAttr > 0
    ? truncateTargetAttr
    : DEFAULT_KEY_LENGTH;
}

interface BidPass {
  collected: Collected;
  response: BidResponse;
  seat: SeatBid;
  seatName: string;
  maxLength: number;
  warnings: AdServerTargetingWarning[];
}

/** One bid's new keys (already cut; on a clash after cutting the later key wins). */
function keysForBid(bid: Bid, p: BidPass): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, v] of p.collected.requestValues) {
    if ('single' in v) {
      if (v.single !== '') keys.set(key, v.single);
    } else if (v.byImp.size > 0) keys.set(key, v.byImp.get(bid.impid) ?? '');
  }
  for (const rule of p.collected.responseRules) {
    const key = rule.key.split(BIDDER_MACRO).join(p.seatName);
    const found = responseValue(rule.path, { response: p.response, seat: p.seat, bid });
    if (found.ok) keys.set(key, found.value);
    else p.warnings.push(warning(`${found.error} for bidder: ${p.seatName}, bid id: ${String(bid.id)}`));
  }
  const cut = new Map<string, string>();
  for (const [key, value] of keys) cut.set(truncateKey(key, p.maxLength), value);
  return cut;
}

/** A copy of the bid with the keys merged into `ext.{ns}.targeting` (created when absent). */
function withTargeting(bid: Bid, ns: string, keys: ReadonlyMap<string, string>): Bid {
  const ext: Ext = isObj(bid.ext) ? bid.ext : {};
  const nsExt = isObj(ext[ns]) ? ext[ns] : undefined;
  const targeting = copyForWrite(isObj(nsExt?.targeting) ? nsExt.targeting : undefined);
  for (const [key, value] of keys) setOwn(targeting, key, value);
  return withProps(bid, { ext: withProps(ext, { [ns]: withProps(nsExt, { targeting }) }) });
}

function applyToSeat(seat: SeatBid, p: Omit<BidPass, 'seat' | 'seatName'>, ns: string): SeatBid {
  const pass: BidPass = withProps(p, { seat, seatName: typeof seat.seat === 'string' ? seat.seat : '' });
  let bids: Bid[] | undefined;
  const seatBids: Bid[] = Array.isArray(seat.bid) ? seat.bid : [];
  seatBids.forEach((bid, i) => {
    const keys = keysForBid(bid, pass);
    if (keys.size === 0) return;
    bids ??= seatBids.slice();
    bids[i] = withTargeting(bid, ns, keys);
  });
  return bids === undefined ? seat : withProps(seat, { bid: bids });
}

/**
 * Applies `ext.{ns}.adservertargeting`. Returns the input response itself when the request has no
 * rules or no bid changes; never mutates the input.
 */
export function applyAdServerTargeting(input: AdServerTargetingInput): AdServerTargetingResult {
  const raw = adServerTargetingRulesOf(input.request, input.ns);
  if (raw === undefined) return { response: input.response, warnings: [] };
  const validation = validateRules(raw);
  const collected = collect({
    ns: input.ns,
    rules: validation.rules,
    request: input.request,
    ampQuery: input.ampQuery,
  });
  const warnings = validation.warnings.concat(collected.warnings);
  const seats = input.response.seatbid;
  const nothingToAdd = collected.requestValues.size === 0 && collected.responseRules.length === 0;
  if (nothingToAdd || !Array.isArray(seats)) return { response: input.response, warnings };
  const pass = {
    collected,
    response: input.response,
    maxLength: maxKeyLength(input.truncateTargetAttr),
    warnings,
  };
  let changed = false;
  const seatbid = seats.map((seat) => {
    const out = applyToSeat(seat, pass, input.ns);
    if (out !== seat) changed = true;
    return out;
  });
  return { response: changed ? withProps(input.response, { seatbid }) : input.response, warnings };
}
