// Invalid bidders on the page (issue 24, docs/decisions.md "Invalid bidders on the page"): an unknown
// bidder code or a bidder's invalid params in imp.ext either answers the request 400 (`reject`, upstream
// Go) or drops that bidder with a warning (`drop`, upstream Java ImpValidator); an imp left with no
// valid bidder is then dropped too, and a request left with no imp is a 400 naming `request.imp`.
import type { Account } from '../../accounts/types.js';
import type { ResponseIssue } from '../types.js';

export type InvalidBiddersMode = 'drop' | 'reject';

/** What a host gets without setting `auction.invalid-bidders`: a page still gets its valid bidders' bids. */
export const DEFAULT_INVALID_BIDDERS: InvalidBiddersMode = 'drop';

/** Generic warning code (upstream 10999), as the other request warnings. */
const WARNING = 10999;

/** The mode of one auction: the account's `invalid_bidders`, else the host's, else the default. */
export function invalidBiddersMode(
  account: Pick<Account, 'invalidBidders'> | undefined,
  host: InvalidBiddersMode | undefined,
): InvalidBiddersMode {
  return account?.invalidBidders ?? host ?? DEFAULT_INVALID_BIDDERS;
}

/** Java's text (without its `WARNING: ` prefix: ours is the issue's code). */
export function droppedBidderWarning(i: number, ns: string, name: string, reason: string): ResponseIssue {
  return {
    code: WARNING,
    message: `request.imp[${i}].ext.${ns}.bidder.${name} was dropped with a reason: ${reason}`,
  };
}

/** Java's text, plus what Gavel then does with the imp. */
export function droppedImpWarning(i: number, impId: string): ResponseIssue {
  return {
    code: WARNING,
    message: `request.imp[${i}].ext must contain at least one valid bidder: imp "${impId}" was dropped`,
  };
}

/** The 400 line when `drop` left the request without imps. */
export const NO_IMP_LEFT =
  'request.imp must contain at least one imp with a valid bidder: every imp was dropped';

/**
 * One bidder's problem handled by mode: `reject` → the 400 line; `drop` → a warning, and the bidder
 * is left out (undefined returned).
 */
export function handleInvalidBidder(
  mode: InvalidBiddersMode,
  problem: { i: number; ns: string; name: string; message: string },
  warnings: ResponseIssue[],
): string | undefined {
  if (mode === 'reject') return problem.message;
  warnings.push(droppedBidderWarning(problem.i, problem.ns, problem.name, problem.message));
  return undefined;
}
