// FreeWheel SSP adapter: the whole request in one call (header `Componentid: prebid-go`), each imp's
// ext replaced by `{zoneId}` as an integer (numeric strings accepted); any imp whose zone is not an
// integer fails the whole request. Every bid is video, with its duration and first category.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, OutgoingRequest, Result } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { mapImps } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { inputError, serverError } from '../../helpers/bid-response.js';
import { statusMessage } from '../../helpers/response-status.js';
import { videoInfoOf } from '../../helpers/video-info.js';
import { withProps } from '@gavel/common';

/** A zone id read as upstream's string-or-int: integers, or strings holding one (empty → 0). */
function zoneIdOf(value: unknown): number | string {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number') return Number.isInteger(value) ? value : `invalid zoneId ${value}`;
  if (typeof value !== 'string') return `invalid zoneId type ${typeof value}`;
  if (value === '') return 0;
  return /^-?\d+$/.test(value) ? Number(value) : `invalid zoneId "${value}"`;
}

function mapImp(imp: Readonly<Imp>, index: number): Imp | BidderError {
  const read = readImpExt(imp);
  const zoneId = 'error' in read ? read.error.message : zoneIdOf(read.parts.bidder.zoneId);
  if (typeof zoneId === 'string') {
    return inputError(`Invalid imp.ext for impression index ${index}. Error Infomation: ${zoneId}`);
  }
  return withProps(imp, { ext: { zoneId } });
}

function requests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]> {
  const { imps, errors } = mapImps(request, mapImp);
  if (errors.length > 0) return { value: [], errors: errors.slice(0, 1) };
  const body: BidRequest = withProps(request, { imp: imps });
  return { value: [postJson(ctx.endpoint, body, { Componentid: ['prebid-go'] })], errors: [] };
}

const ortb = createOrtbAdapter({
  requests,
  bidType: () => 'video',
  decorate: (typed) => withProps(typed, { video: videoInfoOf(typed.bid) }),
});

/** Any answer but 200 and 204 is the server's fault, a 400 included. */
export const adapter: Adapter = {
  makeRequests: (request, ctx) => ortb.makeRequests(request, ctx),
  makeBids(request, call, ctx) {
    const { status } = call.response;
    if (status === 204) return { value: null, errors: [] };
    if (status !== 200) return { value: null, errors: [serverError(statusMessage(status))] };
    return ortb.makeBids(request, call, ctx);
  },
};
