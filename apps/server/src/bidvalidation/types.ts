// Shared shapes of bid response validation. Structural on purpose: this folder is a leaf and takes
// the few bid fields it reads, not the pipeline's AuctionBid.

/** `ext.errors.{seat}[]` / `ext.warnings.{seat}[]` entry. */
export interface Issue {
  code: number;
  message: string;
}

export type ValidationMode = 'skip' | 'warn' | 'enforce';

/** The settings an auction runs with (host section, banner mode possibly replaced by the account). */
export interface BidValidationSettings {
  bannerCreativeMaxSize: ValidationMode;
  secureMarkup: ValidationMode;
  maxCreativeWidth: number;
  maxCreativeHeight: number;
}

/** The bid fields validation reads (an OpenRTB `Bid` fits). */
export interface BidLike {
  id?: unknown;
  impid?: unknown;
  price?: unknown;
  crid?: unknown;
  dealid?: unknown;
  w?: unknown;
  h?: unknown;
  adm?: unknown;
  ext?: unknown;
}

/** The request fields DSA reads and writes (an OpenRTB `BidRequest` fits). */
export interface RequestWithRegs {
  regs?: { ext?: unknown; [key: string]: unknown } | undefined;
  [key: string]: unknown;
}

/** Upstream error codes used here (G errortypes; the corpus compares them). */
export const ISSUE_CODE = {
  /** G BadServerResponseErrorCode: size / secure-markup messages. */
  badServerResponse: 4,
  /** G UnknownErrorCode: plain errors of the bidder-level checks (missing id, currency, ...). */
  unknown: 999,
  /** G InvalidBidResponseDSAWarningCode. */
  dsaWarning: 10010,
  /** G MalformedAcctErrorCode. */
  malformedAccount: 10,
} as const;

/** Seat-non-bid status codes this folder emits (see seatnonbid/ for the catalogue). */
export const REJECT_CODE = {
  /** Response Rejected - General (G uses it for DSA failures). */
  general: 300,
  sizeNotAllowed: 351,
  notSecure: 352,
} as const;

export const DEFAULT_VALIDATION_SETTINGS: BidValidationSettings = {
  bannerCreativeMaxSize: 'skip',
  secureMarkup: 'skip',
  maxCreativeWidth: 0,
  maxCreativeHeight: 0,
};

export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
