// Bidder-specific imp first-party data: `imp.ext.<ns>.imp.<bidder>` decoded over that bidder's
// copy of the imp, then the result re-validated (G exchange/utils.go splitImps + mergeImpFPD).
// Runs for every endpoint (G does it in the split, not behind the request-type gate).
import { withProps } from '@gavel/common';
import type { Imp } from '../openrtb/types.js';
import { isObject, mergeClone } from './json-merge.js';
import type { FpdNamespace } from './types.js';

/**
 * Validates one imp as the request validator does, WITHOUT bidder params and native request
 * checks (G ValidationConfig{SkipBidderParams, SkipNative}); `index` is the imp's position in the
 * request (messages say `request.imp[<index>]...`). Returns the messages, [] when valid.
 */
export type ImpValidator = (imp: Imp, index: number) => readonly string[];

export interface MergeImpFpdInput {
  imp: Imp;
  /** Position of the imp in the request. */
  index: number;
  /** The bidder name exactly as it is written in `imp.ext.<ns>.bidder` (G: exact key match). */
  bidder: string;
  ns: FpdNamespace;
  validateImp?: ImpValidator;
}

export type MergeImpFpdResult =
  /** The bidder's imp: merged, with the ORIGINAL imp.ext (G rebuilds the bidder's ext from it). */
  | { ok: true; imp: Imp; merged: boolean }
  /**
   * `fatal: true` — the merged imp is invalid: G aborts the auction (HTTP 500, body
   * `Critical error while running the auction: <message>`).
   * `fatal: false` — the data could not be decoded onto the imp: G sends no bidder request at all
   * and reports the message as an auction error (request errors, not fatal).
   */
  | { ok: false; fatal: boolean; message: string };

/** The raw `imp.ext.<ns>.imp.<bidder>` value, or undefined when the imp has none for this bidder. */
export function impFpdFor(imp: Imp, ns: FpdNamespace, bidder: string): unknown {
  const nsExt = isObject(imp.ext) ? imp.ext[ns] : undefined;
  const perBidder = isObject(nsExt) ? nsExt.imp : undefined;
  if (!isObject(perBidder) || !Object.hasOwn(perBidder, bidder)) return undefined;
  return perBidder[bidder];
}

export function invalidImpFpdMessage(impId: string, errors: readonly string[]): string {
  return `merging bidder imp first party data for imp ${impId} results in an invalid imp: [${errors.join(' ')}]`;
}

/** The bidder's imp with its imp-level first-party data merged in (see MergeImpFpdResult). */
export function mergeImpFpd(input: MergeImpFpdInput): MergeImpFpdResult {
  const { imp, index } = input;
  const fpd = impFpdFor(imp, input.ns, input.bidder);
  if (fpd === undefined) return { ok: true, imp, merged: false };
  const merged = mergeClone(imp, fpd);
  if (!merged.ok) {
    const message =
      merged.reason === 'bad-doc'
        ? `invalid imp ext for imp[${index}]`
        : `invalid first party data for imp[${index}]`;
    return { ok: false, fatal: false, message };
  }
  const errors = input.validateImp?.(merged.value as Imp, index) ?? [];
  if (errors.length > 0) return { ok: false, fatal: true, message: invalidImpFpdMessage(imp.id, errors) };
  const out = merged.value.ext === imp.ext ? merged.value : withProps(merged.value, { ext: imp.ext });
  return { ok: true, imp: out as Imp, merged: true };
}
