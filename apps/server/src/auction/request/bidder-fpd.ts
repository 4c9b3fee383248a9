// First-party data in the split (firstpartydata/): a bidder's imp-level FPD merged into its imps,
// and its resolved site/app/user/device applied to its copy in OpenRTB 2.6 form before the 2.5
// down-conversion, as upstream applies FPD before converting.
import { BadRequestError } from '@gavel/common';
import type { BidRequest, Imp } from '../../openrtb/types.js';
import { applyFpd, fpdKeyFor, mergeImpFpd, type ResolvedFpdMap } from '../../firstpartydata/index.js';
import { downgradeTo25, upgradeTo26 } from './ortb25-downgrade.js';
import { validateImpMedia } from './validate-imp-media.js';
import type { ExtNamespace } from '../types.js';

/** What the split knows about first-party data for this auction. */
export interface SplitFpd {
  /** The request with ext.<ns>.data.bidders / bidderconfig (and, with a bidder list, global data) removed. */
  request: BidRequest;
  resolved?: ResolvedFpdMap;
  /** Core code of a name (case-insensitive), undefined for request aliases and unknown names. */
  normalizeBidder?: (name: string) => string | undefined;
}

/** The imp a bidder gets after its `imp.ext.<ns>.imp.<bidder>` FPD; a merged imp that fails validation aborts (500). */
export function bidderImp(imp: Imp, index: number, bidder: string, ns: ExtNamespace): Imp {
  const merged = mergeImpFpd({
    imp,
    index,
    bidder,
    ns,
    validateImp: (candidate, i) => {
      const { native: _native, ...rest } = candidate;
      const checked = rest.banner || rest.video || rest.audio ? validateImpMedia(rest, i) : {};
      return checked.error ? [checked.error] : [];
    },
  });
  if (merged.ok) return merged.imp;
  // Bad input either way: 400 naming the FPD (upstream answers 500 for a merged imp that is invalid).
  throw new BadRequestError(merged.message, `imp[${index}].ext.${ns}.imp.${bidder}`);
}

/** The bidder's copy with its resolved FPD, in the bidder's OpenRTB version. */
export function withBidderFpd(
  copy: BidRequest,
  args: {
    fpd: SplitFpd | undefined;
    bidder: string;
    isAlias: boolean;
    ns: ExtNamespace;
    version: '2.5' | '2.6';
  },
): BidRequest {
  const { fpd } = args;
  const key = fpdKeyFor({
    bidder: args.bidder,
    isRequestAlias: args.isAlias,
    ...(fpd?.normalizeBidder ? { normalizeBidder: fpd.normalizeBidder } : {}),
  });
  const resolved = fpd?.resolved?.get(key);
  const as26 = args.version === '2.6' ? upgradeTo26(copy) : copy;
  if (!resolved) return as26;
  const applied = applyFpd({
    request: args.version === '2.6' ? as26 : upgradeTo26(copy),
    resolved,
    ns: args.ns,
  });
  return args.version === '2.6' ? applied : downgradeTo25(applied);
}
