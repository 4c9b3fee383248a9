// The resolution of a request's bid adjustment rules, kept across auctions: a publisher sends the same
// `ext.<ns>.bidadjustments` with every request, and parsing, validating, merging it with the account's
// and building the rule table used to run per auction. Keyed by the block's exact JSON text, per
// account block (the account's parsed block is one object while its settings are cached). The same
// result as resolving afresh; what is kept is resolved from a copy and frozen, and each caller gets
// its own warnings array.
import { deepFreeze } from '@gavel/common';
import {
  resolveBidAdjustments,
  type ResolveBidAdjustmentsInput,
  type ResolvedBidAdjustments,
} from './rules.js';

/** The owner of the resolutions made without an account block. */
const NO_ACCOUNT = {};
/** A block longer than this is resolved every time (not kept). */
const MAX_TEXT = 100_000;
const byAccount = new WeakMap<object, Map<string, ResolvedBidAdjustments>>();
/** Blocks kept per account at most (then it starts over): a host's publishers send few. */
const MAX_BLOCKS = 64;

/** resolveBidAdjustments(input), kept per (account block, request block text). */
export function resolveBidAdjustmentsKept(input: ResolveBidAdjustmentsInput): ResolvedBidAdjustments {
  let text: string | undefined;
  try {
    // '' stands for "no request block": no JSON text is empty.
    text = input.request === undefined ? '' : JSON.stringify(input.request);
  } catch {
    return resolveBidAdjustments(input);
  }
  if (text === undefined) return resolveBidAdjustments(input);
  const owner = input.account ?? NO_ACCOUNT;
  let kept = byAccount.get(owner);
  if (kept === undefined) {
    kept = new Map();
    byAccount.set(owner, kept);
  }
  let resolved = kept.get(text);
  if (resolved === undefined) {
    const request = text === '' ? undefined : (JSON.parse(text) as unknown);
    resolved = deepFreeze(resolveBidAdjustments({ request, account: input.account }));
    if (text.length <= MAX_TEXT) {
      if (kept.size >= MAX_BLOCKS) kept.clear();
      kept.set(text, resolved);
    }
  }
  const out: ResolvedBidAdjustments = { rules: resolved.rules, warnings: resolved.warnings.slice() };
  if (resolved.requestError !== undefined) out.requestError = resolved.requestError;
  return out;
}
