// The resolution of a request's bid adjustment rules, kept across auctions: a publisher sends the same
// `ext.<ns>.bidadjustments` with every request, and parsing, validating, merging it with the account's
// and building the rule table used to run per auction. Keyed by the block's JSON content, per
// account block (the account's parsed block is one object while its settings are cached). The same
// result as resolving afresh; what is kept is resolved from a copy and frozen, and each caller gets
// its own warnings array.
import { deepFreeze, JsonMemo } from '@gavel/common';
import {
  resolveBidAdjustments,
  type ResolveBidAdjustmentsInput,
  type ResolvedBidAdjustments,
} from './rules.js';

/** The owner of the resolutions made without an account block. */
const NO_ACCOUNT = {};
/** Per account block: its resolution without a request block, and the request blocks' by content. */
interface Kept {
  alone?: ResolvedBidAdjustments;
  readonly byRequest: JsonMemo<ResolvedBidAdjustments>;
}
const byAccount = new WeakMap<object, Kept>();

function keptFor(owner: object): Kept {
  let kept = byAccount.get(owner);
  if (kept === undefined) {
    // A host's publishers send few blocks; a block longer than 100,000 characters is never kept.
    const byRequest = new JsonMemo<ResolvedBidAdjustments>({
      maxEntries: 64,
      maxChars: 2_000_000,
      maxValueChars: 100_000,
      keep: deepFreeze,
    });
    byAccount.set(owner, (kept = { byRequest }));
  }
  return kept;
}

/** resolveBidAdjustments(input), kept per (account block, request block content). */
export function resolveBidAdjustmentsKept(input: ResolveBidAdjustmentsInput): ResolvedBidAdjustments {
  const kept = keptFor(input.account ?? NO_ACCOUNT);
  const resolved =
    input.request === undefined
      ? (kept.alone ??= deepFreeze(resolveBidAdjustments({ request: undefined, account: input.account })))
      : kept.byRequest.kept(input.request, '', (request) =>
          resolveBidAdjustments({ request, account: input.account }),
        );
  const out: ResolvedBidAdjustments = { rules: resolved.rules, warnings: resolved.warnings.slice() };
  if (resolved.requestError !== undefined) out.requestError = resolved.requestError;
  return out;
}
