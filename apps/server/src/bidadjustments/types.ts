// Rule-based bid adjustments (`ext.{ns}.bidadjustments`, account `bidadjustments`): the shapes the
// parser produces and the rule table the apply step reads. Keys are Maps, never object keys, so a
// bidder or deal id like "__proto__" is just a string.

/** The media type keys of `bidadjustments.mediatype` (G's MediaType struct; `*` = any). */
export const RULE_MEDIA_TYPES = [
  'banner',
  'video-instream',
  'video-outstream',
  'audio',
  'native',
  '*',
] as const;
export type RuleMediaType = (typeof RULE_MEDIA_TYPES)[number];

/** The media type a bid is matched with (never the wildcard). */
export type BidRuleMediaType = Exclude<RuleMediaType, '*'>;

/** One adjustment as parsed (G's Adjustment: missing or null fields are '' / 0, checked later). */
export interface Adjustment {
  /** `adjtype`: `multiplier`, `cpm` or `static` once validated. */
  readonly adjtype: string;
  readonly value: number;
  readonly currency: string;
}

/** Deal id (or `*`) → adjustments, applied in order; null = the document said null (invalid). */
export type AdjustmentsByDeal = ReadonlyMap<string, readonly Adjustment[] | null>;

/** Bidder code (lower-cased, or `*`) → its deal map; null = the document said null (invalid). */
export type AdjustmentsByBidder = ReadonlyMap<string, AdjustmentsByDeal | null>;

/** A parsed `bidadjustments` block: `mediatype.<type>.<bidder>.<dealid> = [adjustment, …]`. */
export interface BidAdjustments {
  readonly mediaTypes: ReadonlyMap<RuleMediaType, AdjustmentsByBidder>;
}

/** `<mediatype>|<bidder>|<dealid>` → the adjustments of that rule (G's BuildRules). */
export type RuleTable = ReadonlyMap<string, readonly Adjustment[]>;

/** Warning as the response reports it (G's errortypes.BidAdjustmentWarningCode). */
export interface BidAdjustmentWarning {
  readonly code: 10008;
  readonly message: string;
}

export const BID_ADJUSTMENT_WARNING_CODE = 10008;
