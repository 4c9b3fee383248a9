// IMDS adapter: one call with every imp that names both a seat and a tag (the tag becomes imp.tagid;
// others are dropped with "Invalid Impression"). The first valid imp's seat is the account in the
// endpoint and request.ext `{seatId}`. Bids are typed by their imp (banner first, then video, native,
// audio); only banner and video bids are kept; prices are in USD.
import type { Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, MediaType, OutgoingRequest, Result } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { mapImps } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { serverError } from '../../helpers/bid-response.js';
import { stringParamError } from '../../helpers/typed-params.js';
import { resolveEndpoint } from '../../helpers/endpoint-macros.js';
import { queryEscape } from '../../helpers/query-escape.js';
import { withProps } from '@gavel/common';

const SOURCE_ID = 'pbs-go/1.0.0';

function requests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]> {
  let seatId = '';
  const { imps, errors } = mapImps(request, (imp) => {
    const read = readImpExt(imp);
    if ('error' in read) return read.error;
    const params = read.parts.bidder;
    const typeError = stringParamError(params, 'openrtb_ext.ExtImpImds', {
      seatId: 'SeatId',
      tagId: 'TagId',
    });
    if (typeError) return typeError;
    const seat = typeof params.seatId === 'string' ? params.seatId : '';
    const tag = typeof params.tagId === 'string' ? params.tagId : '';
    if (seat === '' || tag === '') return serverError('Invalid Impression');
    if (seatId === '') seatId = seat;
    return withProps(imp, { tagid: tag });
  });
  if (imps.length === 0) return { value: [], errors };
  const uri = resolveEndpoint(ctx.endpoint, {
    AccountID: queryEscape(seatId),
    SourceId: queryEscape(SOURCE_ID),
  });
  const body: BidRequest = withProps(request, { imp: imps, ext: { seatId } });
  return { value: [postJson(uri, body)], errors };
}

function typeOfImp(imp: Readonly<Imp> | undefined): MediaType {
  if (!imp || imp.banner) return 'banner';
  if (imp.video) return 'video';
  if (imp.native) return 'native';
  return imp.audio ? 'audio' : 'banner';
}

const ortb = createOrtbAdapter({
  requests,
  bidType: (bid: Bid, request) => typeOfImp(request.imp.find((imp) => imp.id === bid.impid)),
});

export const adapter: Adapter = {
  makeRequests: (request, ctx) => ortb.makeRequests(request, ctx),
  makeBids(request, call, ctx) {
    const result = ortb.makeBids(request, call, ctx);
    if (!result.value) return result;
    const bids = result.value.bids.filter((typed) => typed.type === 'banner' || typed.type === 'video');
    return { value: { currency: 'USD', bids }, errors: result.errors };
  },
};
