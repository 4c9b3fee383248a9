// MobileFuse: one call with the banner, video and native imps; each carries its placement id as tag id
// and keeps only `skadn` of its ext. Any unreadable params fail the request. Bids are typed by `mtype`
// and lose their ext.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { jsonHeaders, postJson } from '../../helpers/json-request.js';
import { asObject } from '../../helpers/parse-json.js';
import { mediaTypeOfMtype } from '../../helpers/media-type.js';
import { omitKeys, withProps } from '@gavel/common';

/** The placement id the imp's params give (undefined when absent), or the decode error. */
function placementOf(imp: Readonly<Imp>): number | undefined | BidderError {
  const ext = asObject(imp.ext);
  if (!ext.ok) return ext.error;
  const params = ext.value.bidder === null ? {} : ext.value.bidder;
  const read = asObject(params);
  if (!read.ok) return read.error;
  const id = read.value.placement_id;
  if (id === undefined || id === null) return undefined;
  if (!Number.isInteger(id)) {
    return { code: ERROR_CODE.badInput, message: 'cannot unmarshal placement_id: expects an integer' };
  }
  return id as number;
}

function validImps(request: Readonly<BidRequest>): Imp[] | BidderError {
  const imps: Imp[] = [];
  // A placement id carries over to following imps whose params do not name one (as upstream decodes).
  let placement = 0;
  for (const imp of request.imp) {
    if (!imp.banner && !imp.video && !imp.native) continue;
    const read = placementOf(imp);
    if (typeof read === 'object') return read;
    if (read !== undefined) placement = read;
    const skadn = (imp.ext as Record<string, unknown>).skadn;
    const base = omitKeys(imp, ['ext']);
    imps.push(
      withProps(
        base,
        skadn === undefined || skadn === null
          ? { tagid: String(placement) }
          : { tagid: String(placement), ext: { skadn } },
      ),
    );
  }
  return imps.length > 0 ? imps : { code: ERROR_CODE.badInput, message: 'No valid imps' };
}

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    // Every imp before the first readable one reports its error, and then nothing is sent.
    const errors: BidderError[] = [];
    for (const imp of request.imp) {
      const read = placementOf(imp);
      if (typeof read !== 'object') break;
      errors.push(read);
    }
    if (errors.length > 0) return { value: [], errors };
    const imps = validImps(request);
    if (!Array.isArray(imps)) return { value: [], errors: [imps] };
    return { value: [postJson(ctx.endpoint, withProps(request, { imp: imps }), jsonHeaders())], errors: [] };
  },
  status: {
    template: { badRequest: 'Unexpected status code: {status}.', other: 'Unexpected status code: {status}.' },
  },
  bidType(bid) {
    const type = bid.mtype === 3 ? undefined : mediaTypeOfMtype(bid.mtype);
    return (
      type ?? {
        code: ERROR_CODE.badServerResponse,
        message: `Unsupported MType "${bid.mtype ?? 0}" for impression ID "${bid.impid}"`,
      }
    );
  },
  decorate: (typed) => withProps(typed, { bid: omitKeys(typed.bid, ['ext']) }),
});
