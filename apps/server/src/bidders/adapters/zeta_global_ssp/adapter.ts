// Zeta Global SSP: the first imp's `sid` goes into the endpoint (as the account id) and that imp is
// sent without its ext; bids are typed by their `ext.prebid.type`.
import type { BidRequest } from '../../../openrtb/types.js';
import { ERROR_CODE } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { jsonHeaders, postJson } from '../../helpers/json-request.js';
import { resolveEndpoint } from '../../helpers/endpoint-macros.js';
import { strictExtBidType } from '../../helpers/ext-bid-type.js';
import { omitKeys, withProps } from '@gavel/common';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    const first = request.imp[0];
    const fail = (message: string) => ({ value: [], errors: [{ code: ERROR_CODE.badInput, message }] });
    if (!first || !isObject(first.ext)) return fail('imp.ext not provided or cannot be unmarshalled');
    const params = first.ext.bidder === null ? {} : first.ext.bidder;
    if (!isObject(params) || (params.sid !== undefined && !Number.isInteger(params.sid))) {
      return fail('imp.ext.bidder not provided or cannot be unmarshalled');
    }
    const sid = typeof params.sid === 'number' ? params.sid : 0;
    const uri = resolveEndpoint(ctx.endpoint, { AccountID: String(sid) });
    const body: BidRequest = withProps(request, { imp: [omitKeys(first, ['ext']), ...request.imp.slice(1)] });
    return { value: [postJson(uri, body, jsonHeaders())], errors: [] };
  },
  bidType: (bid) => strictExtBidType(bid, (impid) => `Failed to parse impression "${impid}" mediatype`),
});
