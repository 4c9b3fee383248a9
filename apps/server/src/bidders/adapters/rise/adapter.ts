// Rise: the request goes as it is, with the organization (first imp naming one) in the query; bids
// are typed by their `mtype` only.
import type { BidRequest } from '../../../openrtb/types.js';
import type { BidderError, MediaType } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { asObject } from '../../helpers/parse-json.js';
import { mediaTypeOfMtype } from '../../helpers/media-type.js';

const badInput = (message: string): BidderError => ({ code: ERROR_CODE.badInput, message });

/** The org of the first imp that names one (`org` before `publisher_id`), trimmed. */
function orgOf(request: Readonly<BidRequest>): string | BidderError {
  for (const imp of request.imp) {
    const ext = asObject(imp.ext);
    if (!ext.ok) return badInput(`extractOrg: unmarshal bidderExt: ${ext.error.message}`);
    const params = asObject(ext.value.bidder);
    if (!params.ok) return badInput(`extractOrg: unmarshal ImpExtRise: ${params.error.message}`);
    for (const key of ['org', 'publisher_id']) {
      const value = params.value[key];
      if (typeof value === 'string' && value !== '') return value.trim();
    }
  }
  return badInput('extractOrg: no org or publisher_id supplied');
}

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    const org = orgOf(request);
    if (typeof org !== 'string') return { value: [], errors: [org] };
    const headers = { 'Content-Type': ['application/json;charset=utf-8'] };
    return { value: [postJson(`${ctx.endpoint}?publisher_id=${org}`, request, headers)], errors: [] };
  },
  bidType(bid) {
    const type = bid.mtype === 3 ? undefined : mediaTypeOfMtype(bid.mtype);
    return type ?? badServer(`unsupported MType ${bid.mtype ?? 0}`);
  },
});

function badServer(message: string): MediaType | BidderError {
  return { code: ERROR_CODE.badServerResponse, message };
}
