// Reading a bidder's params from an imp (adapter contract: params live in `imp.ext.bidder`).
import type { Imp } from '../../openrtb/types.js';
import type { BidderError } from '../types.js';
import { asObject } from './parse-json.js';

export interface ImpExtParts {
  /** The whole `imp.ext` object. */
  ext: Record<string, unknown>;
  /** `imp.ext.bidder`, the bidder's params. */
  bidder: Record<string, unknown>;
}

/** `imp.ext` and `imp.ext.bidder` as objects, or the upstream-worded bad-input error. */
export function readImpExt(imp: Readonly<Imp>): { parts: ImpExtParts } | { error: BidderError } {
  const ext = asObject(imp.ext);
  if (!ext.ok) return { error: ext.error };
  const bidder = asObject(ext.value.bidder);
  if (!bidder.ok) return { error: bidder.error };
  return { parts: { ext: ext.value, bidder: bidder.value } };
}
