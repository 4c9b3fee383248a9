// What one bidder may see of the ext objects (notes §18): imp.ext with `bidder` = its params and
// imp.ext.<ns> reduced; request.ext.<ns> narrowed to the fields a bidder may read.
import type { Ext, Imp } from '../../openrtb/types.js';
import type { ExtNamespace } from '../types.js';
import { isObject, type JsonObject } from './json-shape.js';
import { omitKeys } from '@gavel/common';
import { rewardedPlacement } from './ortb25-downgrade.js';
import {
  adapterEntry,
  alternateCodesFor,
  bidderRequestAlternateCodes,
} from '../../alternatebiddercodes/index.js';
import { multiBidEntriesOf, multiBidForBidderRequest } from '../../multibid/index.js';

/** imp.ext.<ns> keys a bidder still receives (variant G). */
const IMP_NS_KEYS = ['is_rewarded_inventory', 'options'] as const;

export interface BidderImpExtArgs {
  imp: Imp;
  ns: ExtNamespace;
  /** The bidder's params; undefined for stored bid response imps (no `bidder` key then). */
  params: unknown;
  /** The bidder's OpenRTB version: where the rewarded flag goes (ortb25-downgrade.ts). */
  version?: '2.5' | '2.6';
}

/**
 * Builds the bidder's imp.ext: every non-namespace key kept (G), `bidder` = its params (or absent
 * when `params` is undefined: stored bid response imps), `<ns>` reduced to IMP_NS_KEYS. `rwdd` is
 * the imp.rwdd a 2.6 bidder gets (undefined: none).
 */
export function bidderImpExt({ imp, ns, params, version = '2.5' }: BidderImpExtArgs): {
  ext: Ext;
  rwdd?: unknown;
} {
  const ext = imp.ext as JsonObject;
  const out: JsonObject = {};
  for (const key in ext) {
    if (key !== ns && key !== 'bidder') out[key] = ext[key];
  }
  if (params !== undefined) out.bidder = params;
  const nsImp = isObject(ext[ns]) ? ext[ns] : undefined;
  const rewarded = rewardedPlacement(imp.rwdd, nsImp?.is_rewarded_inventory, version);
  let reduced: JsonObject | undefined;
  for (const k of IMP_NS_KEYS) {
    const v = k === 'is_rewarded_inventory' ? rewarded.extValue : nsImp?.[k];
    if (v !== undefined) (reduced ??= {})[k] = v;
  }
  if (reduced) out[ns] = reduced;
  return rewarded.rwdd === undefined ? { ext: out } : { ext: out, rwdd: rewarded.rwdd };
}

/** request.ext.<ns> keys passed through unchanged (notes §18 request.ext, variant G). */
const REQ_NS_KEYS = ['channel', 'currency', 'integration', 'sdk', 'server'] as const;

export interface BidderRequestExtArgs {
  ext: unknown;
  ns: ExtNamespace;
  bidder: string;
  isAlias: boolean;
  /** The account's `alternatebiddercodes` (used when the request has none). */
  accountAlternateCodes?: unknown;
}

/**
 * Narrows request.ext for one bidder (upstream buildRequestExtForBidder): `<ns>.bidderparams` becomes
 * that bidder's own value, `aliases` only its own entry, `targeting` only `includebrandcategory`,
 * `alternatebiddercodes` and `multibid` only what concerns it, `debug` only when true; the rest of
 * `<ns>` (cache, schains, data, storedrequest, ...) is dropped; other top-level ext keys are kept.
 */
export function bidderRequestExt(a: BidderRequestExtArgs): Ext | undefined {
  const { ext, ns, bidder } = a;
  if (!isObject(ext)) return undefined;
  const nsExt = ext[ns];
  const out: JsonObject = omitKeys(ext, [ns]);
  if (!isObject(nsExt)) return Object.keys(out).length > 0 ? out : undefined;
  const narrowed: JsonObject = {};
  for (const k of REQ_NS_KEYS) {
    if (nsExt[k] !== undefined) narrowed[k] = nsExt[k];
  }
  if (nsExt.debug === true) narrowed.debug = true;
  const params = isObject(nsExt.bidderparams) ? nsExt.bidderparams[bidder] : undefined;
  if (params !== undefined) narrowed.bidderparams = params;
  if (a.isAlias && isObject(nsExt.aliases)) narrowed.aliases = { [bidder]: nsExt.aliases[bidder] };
  const { settings } = alternateCodesFor({ requestExt: nsExt, ns, account: a.accountAlternateCodes });
  const codes = bidderRequestAlternateCodes(settings, bidder);
  if (codes) narrowed.alternatebiddercodes = codes;
  if (nsExt.multibid !== undefined) {
    const multibid = multiBidForBidderRequest({
      entries: multiBidEntriesOf(nsExt.multibid),
      bidder,
      allowedBidderCodes: adapterEntry(settings, bidder)?.entry.allowedBidderCodes,
    });
    if (multibid) narrowed.multibid = multibid;
  }
  const brandCat = isObject(nsExt.targeting) ? nsExt.targeting.includebrandcategory : undefined;
  if (brandCat !== undefined) narrowed.targeting = { includebrandcategory: brandCat };
  if (Object.keys(narrowed).length > 0) out[ns] = narrowed;
  return Object.keys(out).length > 0 ? out : undefined;
}
