// Applying the rule table to one bid (G's bidadjustment.Apply), exactly with decimal.js.
//
// Lookup: the first rule present in this order wins, and all its adjustments apply in sequence —
//   with a deal id:  type|bidder|deal, type|bidder|*, type|*|deal, *|bidder|deal,
//                    type|*|*, *|bidder|*, *|*|deal, *|*|*
//   without:         type|bidder|*, type|*|*, *|bidder|*, *|*|*
// multiplier: price × value; cpm: price − value converted from its currency into the current one;
// static: price and currency become value and currency. The result is rounded to 4 decimals (half
// away from zero, once, at the end). A cpm whose rate is unknown abandons the whole rule: the price
// before the rule stays. Floors: with a deal, a negative result becomes 0; without one, a result ≤ 0
// becomes 0.1 — both in the bid's currency before the rule. Whenever the table has any rule these
// floors apply, even when no rule matches the bid (G).
import { Decimal } from 'decimal.js';
import type { Converter } from '../currency/converter.js';
import type { MediaType } from '../bidders/types.js';
import type { Adjustment, BidRuleMediaType, RuleTable } from './types.js';

const PRICE_DECIMALS = 4;
const MIN_BID = new Decimal('0.1');
const WILDCARD = '*';

export interface ApplyBidAdjustmentsInput {
  rules: RuleTable;
  /** The bidder as the request names it (alias name for an alias); compared lower-cased. */
  bidder: string;
  /** See ruleMediaType(). */
  mediaType: BidRuleMediaType;
  /** `bid.dealid`; '' or undefined = no deal. */
  dealId?: string | undefined;
  /** The bid price, already in `currency` (after conversion and bid adjustment factors). */
  price: Decimal.Value;
  currency: string;
  /** Request-level converter (request rates, then server rates). */
  converter: Converter;
}

export interface AdjustedPrice {
  price: Decimal;
  currency: string;
  /** True when a rule matched (the price may still be unchanged). */
  matched: boolean;
}

/** G's getBidTypeForAdjustments: video is outstream when the imp's `video.plcmt` is 2, else instream. */
export function ruleMediaType(type: MediaType, imp?: { video?: unknown }): BidRuleMediaType {
  if (type !== 'video') return type;
  const video = imp?.video;
  const plcmt =
    video !== null && typeof video === 'object' ? (video as { plcmt?: unknown }).plcmt : undefined;
  return plcmt === 2 ? 'video-outstream' : 'video-instream';
}

function candidateKeys(type: string, bidder: string, deal: string): string[] {
  const w = WILDCARD;
  const k = (a: string, b: string, c: string) => `${a}|${b}|${c}`;
  if (deal === '') return [k(type, bidder, w), k(type, w, w), k(w, bidder, w), k(w, w, w)];
  return [
    k(type, bidder, deal),
    k(type, bidder, w),
    k(type, w, deal),
    k(w, bidder, deal),
    k(type, w, w),
    k(w, bidder, w),
    k(w, w, deal),
    k(w, w, w),
  ];
}

/** The adjustments of the highest-priority rule present for this bid, or undefined. */
export function findRule(
  rules: RuleTable,
  bid: { mediaType: BidRuleMediaType; bidder: string; dealId?: string | undefined },
): readonly Adjustment[] | undefined {
  for (const key of candidateKeys(bid.mediaType, bid.bidder.toLowerCase(), bid.dealId ?? '')) {
    const found = rules.get(key);
    if (found !== undefined) return found;
  }
  return undefined;
}

interface Step {
  price: Decimal;
  currency: string;
}

function runAdjustments(list: readonly Adjustment[], start: Step, converter: Converter): Step {
  let { price, currency } = start;
  for (const a of list) {
    if (a.adjtype === 'multiplier') price = price.times(a.value);
    else if (a.adjtype === 'static') {
      price = new Decimal(a.value);
      currency = a.currency;
    } else if (a.adjtype === 'cpm') {
      const converted = converter.convert(a.value, a.currency, currency);
      if (!converted.ok) return start; // G: the price before the rule, in its currency
      price = price.minus(converted.price);
    }
  }
  return { price: price.toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_HALF_UP), currency };
}

/** Adjusted price and currency of one bid. Never throws. */
export function applyBidAdjustments(input: ApplyBidAdjustmentsInput): AdjustedPrice {
  const start: Step = { price: new Decimal(input.price), currency: input.currency };
  if (input.rules.size === 0) return { price: start.price, currency: start.currency, matched: false };
  const list = findRule(input.rules, input);
  const adjusted = list && list.length > 0 ? runAdjustments(list, start, input.converter) : start;
  const matched = list !== undefined;
  const hasDeal = (input.dealId ?? '') !== '';
  if (hasDeal && adjusted.price.isNegative() && !adjusted.price.isZero())
    return { price: new Decimal(0), currency: input.currency, matched };
  if (!hasDeal && (adjusted.price.isNegative() || adjusted.price.isZero()))
    return { price: MIN_BID, currency: input.currency, matched };
  const price = adjusted.price.isZero() ? new Decimal(0) : adjusted.price; // no "-0"
  return { price, currency: adjusted.currency, matched };
}
