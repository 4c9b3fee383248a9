// Multibid (`ext.{ns}.multibid`): more than one bid per bidder and imp, with targeting for the extra
// bids under `<targetbiddercodeprefix><n>`.

/** One validated entry: `bidder` (with an optional prefix) or `bidders` (never a prefix). */
export interface MultiBidEntry {
  bidder?: string;
  bidders?: readonly string[];
  /** 1..9 after validation. */
  maxBids: number;
  targetBidderCodePrefix?: string;
}

/** G's errortypes.MultiBidWarningCode. */
export const MULTI_BID_WARNING_CODE = 10006;

export interface MultiBidWarning {
  readonly code: 10006;
  readonly message: string;
}
