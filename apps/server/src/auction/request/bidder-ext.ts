// What one bidder may see of the ext objects (notes §18): imp.ext with `bidder` = its params and
// imp.ext.<ns> reduced; request.ext.<ns> narrowed to the fields a bidder may read.
import type { Ext, Imp } from '../../openrtb/types.js';
import type { ExtNamespace } from '../types.js';
import { isObject, type JsonObject } from './json-shape.js';
import { omitKeys } from '@gavel/common';

/** imp.ext.<ns> keys a bidder still receives (variant G). */
const IMP_NS_KEYS = ['is_rewarded_inventory', 'options'] as const;

/**
 * Builds the bidder's imp.ext: every non-namespace key kept (G), `bidder` = its params (or absent
 * when `params` is undefined: stored bid response imps), `<ns>` reduced to IMP_NS_KEYS.
 */
export function bidderImpExt(imp: Imp, ns: ExtNamespace, params: unknown): Ext {
  const ext = imp.ext as JsonObject;
  const out: JsonObject = {};
  for (const key in ext) {
    if (key !== ns && key !== 'bidder') out[key] = ext[key];
  }
  if (params !== undefined) out.bidder = params;
  const nsImp = ext[ns];
  let reduced: JsonObject | undefined;
  if (isObject(nsImp)) {
    for (const k of IMP_NS_KEYS) {
      if (nsImp[k] !== undefined) (reduced ??= {})[k] = nsImp[k];
    }
  }
  // OpenRTB 2.6 imp.rwdd is given to 2.5 bidders in its 2.5 place as well.
  if (imp.rwdd === 1 && reduced?.is_rewarded_inventory === undefined)
    (reduced ??= {}).is_rewarded_inventory = 1;
  if (reduced) out[ns] = reduced;
  return out;
}

/** request.ext.<ns> keys passed through unchanged (notes §18 request.ext, variant G). */
const REQ_NS_KEYS = ['channel', 'currency', 'debug', 'integration', 'sdk', 'server'] as const;

/**
 * Narrows request.ext for one bidder: `<ns>.bidderparams` becomes that bidder's own value,
 * `aliases` only its own entry, `targeting` only `includebrandcategory`; the rest of `<ns>`
 * (cache, schains, data, storedrequest, ...) is dropped; other top-level ext keys are kept.
 */
export function bidderRequestExt(
  ext: unknown,
  ns: ExtNamespace,
  bidder: string,
  isAlias: boolean,
): Ext | undefined {
  if (!isObject(ext)) return undefined;
  const nsExt = ext[ns];
  const out: JsonObject = omitKeys(ext, [ns]);
  if (!isObject(nsExt)) return Object.keys(out).length > 0 ? out : undefined;
  const narrowed: JsonObject = {};
  for (const k of REQ_NS_KEYS) {
    if (nsExt[k] !== undefined) narrowed[k] = nsExt[k];
  }
  const params = isObject(nsExt.bidderparams) ? nsExt.bidderparams[bidder] : undefined;
  if (params !== undefined) narrowed.bidderparams = params;
  if (isAlias && isObject(nsExt.aliases)) narrowed.aliases = { [bidder]: nsExt.aliases[bidder] };
  const brandCat = isObject(nsExt.targeting) ? nsExt.targeting.includebrandcategory : undefined;
  if (brandCat !== undefined) narrowed.targeting = { includebrandcategory: brandCat };
  if (Object.keys(narrowed).length > 0) out[ns] = narrowed;
  return Object.keys(out).length > 0 ? out : undefined;
}
