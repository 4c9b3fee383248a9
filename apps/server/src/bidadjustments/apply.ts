// Applying the rule table to one bid (G's bidadjustment.Apply), in exact decimal arithmetic.
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
//
// Exactness: each bid first tries exact.ts (safe integers: values of ≤ 6 decimals, a cpm in the price's
// own currency — the rules publishers write in practice); whatever that can't do exactly runs with
// decimal.js below. Both compute the same decimal, so the path taken never shows in the result.
import { Decimal } from 'decimal.js';
import { KeptAnswers } from '@gavel/common';
import type { Converter } from '../currency/converter.js';
import type { MediaType } from '../bidders/types.js';
import { adjustExactly } from './exact.js';
import type { Adjustment, BidRuleMediaType, RuleTable } from './types.js';

const PRICE_DECIMALS = 4;
const MIN_BID = 0.1;
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
  price: number;
  currency: string;
  /** Request-level converter (request rates, then server rates). */
  converter: Converter;
}

export interface AdjustedPrice {
  /**
   * The exact adjusted price. A number stands for its shortest decimal form, which is then the exact
   * result (what `new Decimal(x)` and the converter read from it); a Decimal comes only from the
   * decimal.js path, where the result may have more digits than a double keeps.
   */
  price: number | Decimal;
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

function lookUp(
  rules: RuleTable,
  type: string,
  bidder: string,
  deal: string,
): readonly Adjustment[] | undefined {
  for (const key of candidateKeys(type, bidder, deal)) {
    const found = rules.get(key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Lookups of bids without a deal, per rule table (a resolved table is kept across auctions and
 * never changed), by media type and bidder as named (at most 4,096 per table; then it starts over).
 * Each bid used to build four candidate key strings; a bidder's answer is the same for every bid of
 * that media type.
 */
const foundByTable = new KeptAnswers<readonly Adjustment[]>(4096);

/** The adjustments of the highest-priority rule present for this bid, or undefined. */
export function findRule(
  rules: RuleTable,
  bid: { mediaType: BidRuleMediaType; bidder: string; dealId?: string | undefined },
): readonly Adjustment[] | undefined {
  const deal = bid.dealId ?? '';
  if (deal !== '') return lookUp(rules, bid.mediaType, bid.bidder.toLowerCase(), deal);
  // Unambiguous: a media type never holds "|".
  const key = `${bid.mediaType}|${bid.bidder}`;
  const known = foundByTable.get(rules, key);
  if (known !== undefined) return known ?? undefined;
  const found = lookUp(rules, bid.mediaType, bid.bidder.toLowerCase(), '');
  foundByTable.set(rules, key, found);
  return found;
}

interface Step {
  price: Decimal;
  currency: string;
}

/** The reference path: any values, any conversion, exactly with decimal.js. */
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

/** -1, ±0 or 1 (NaN for NaN): compared with 0, a -0 is 0, as decimal.js's -0 is. */
function signOf(price: number | Decimal): number {
  if (typeof price === 'number') return Math.sign(price);
  return price.isZero() ? 0 : price.isNegative() ? -1 : price.isNaN() ? Number.NaN : 1;
}

/** The floors, in the bid's currency before the rule (`currency` is the adjusted one). */
function floored(
  input: ApplyBidAdjustmentsInput,
  price: number | Decimal,
  currency: string,
  matched: boolean,
): AdjustedPrice {
  const sign = signOf(price);
  const hasDeal = (input.dealId ?? '') !== '';
  if (hasDeal && sign < 0) return { price: 0, currency: input.currency, matched };
  if (!hasDeal && sign <= 0) return { price: MIN_BID, currency: input.currency, matched };
  if (sign === 0) return { price: 0, currency, matched }; // no "-0"
  return { price, currency, matched };
}

/** Adjusted price and currency of one bid. Never throws. */
export function applyBidAdjustments(input: ApplyBidAdjustmentsInput): AdjustedPrice {
  if (input.rules.size === 0) return { price: input.price, currency: input.currency, matched: false };
  const list = findRule(input.rules, input);
  const matched = list !== undefined;
  // No rule or an empty one: the price as it came, unrounded, but floored.
  if (list === undefined || list.length === 0) return floored(input, input.price, input.currency, matched);
  const exact = adjustExactly(list, input.price, input.currency);
  if (exact !== undefined) return floored(input, exact.price, exact.currency, matched);
  const start: Step = { price: new Decimal(input.price), currency: input.currency };
  const adjusted = runAdjustments(list, start, input.converter);
  return floored(input, adjusted.price, adjusted.currency, matched);
}
