// InMobi: the first imp must name a placement (`plc`); its banner is sized from its first format when
// it has no size of its own. The request is sent whole; bids are typed by `mtype`, and a bid of
// unknown type fails the whole answer.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { jsonHeaders, postJson } from '../../helpers/json-request.js';
import { asObject } from '../../helpers/parse-json.js';
import { mediaTypeOfMtype } from '../../helpers/media-type.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { copyForWrite, withProps } from '@gavel/common';

const badInput = (message: string): BidderError => ({ code: ERROR_CODE.badInput, message });

function firstImp(imp: Readonly<Imp>): Imp | BidderError {
  const ext = asObject(imp.ext);
  if (!ext.ok) return ext.error;
  const params = asObject(ext.value.bidder);
  if (!params.ok || (params.value.plc !== undefined && typeof params.value.plc !== 'string')) {
    return badInput('bad InMobi bidder ext');
  }
  if (!params.value.plc) return badInput("'plc' is a required attribute for InMobi's bidder ext");
  const banner = imp.banner;
  const first = banner?.format?.[0];
  if (!banner || !first || (banner.w && banner.h)) return copyForWrite(imp);
  return withProps(imp, { banner: withProps(banner, { w: first.w, h: first.h }) });
}

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    if (request.imp.length === 0) return { value: [], errors: [badInput('No impression in the request')] };
    const imp = firstImp(request.imp[0]!);
    if (isBidderError(imp)) return { value: [], errors: [imp] };
    const body: BidRequest = withProps(request, { imp: [imp, ...request.imp.slice(1)] });
    return { value: [postJson(ctx.endpoint, body, jsonHeaders())], errors: [] };
  },
  status: {
    template: {
      badRequest: 'Unexpected http status code: {status}',
      other: 'Unexpected http status code: {status}',
    },
  },
  failOnBidError: true,
  bidType(bid) {
    const type = bid.mtype === 3 ? undefined : mediaTypeOfMtype(bid.mtype);
    return (
      type ?? {
        code: ERROR_CODE.badServerResponse,
        message: `Unsupported mtype ${bid.mtype ?? 0} for bid ${bid.id}`,
      }
    );
  },
});
