// AdYouLike adapter: the whole request in one call, in USD (`cur: ["USD"]`, foreign floors converted;
// a failed conversion fails the request), each imp's placement as its tagid; an imp without a string
// placement fails the request. Bids are priced in USD and typed by their imp: banner unless the imp
// has no banner but video (→ video) or native (→ native).
import type { Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError, MediaType, OutgoingRequest, Result } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { jsonHeaders, postJson } from '../../helpers/json-request.js';
import { floorToUsd } from '../../helpers/usd-floor.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { inputError } from '../../helpers/bid-response.js';
import { asObject } from '../../helpers/parse-json.js';
import { withProps } from '@gavel/common';

/** The imp's placement, worded as upstream's path lookup fails. */
function placementOf(imp: Readonly<Imp>): string | BidderError {
  const ext = asObject(imp.ext);
  const params = ext.ok ? asObject(ext.value.bidder) : ext;
  const placement = params.ok ? params.value.placement : undefined;
  if (placement === undefined) return inputError('Key path not found');
  return typeof placement === 'string' ? placement : inputError('Value is not a string');
}

function requests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]> {
  const imps: Imp[] = [];
  const errors: BidderError[] = [];
  for (const imp of request.imp) {
    const floored = floorToUsd(imp, ctx);
    if (isBidderError(floored)) return { value: [], errors: [floored] };
    const placement = placementOf(floored);
    if (isBidderError(placement)) errors.push(placement);
    else imps.push(withProps(floored, { tagid: placement }));
  }
  if (errors.length > 0) return { value: [], errors };
  const body: BidRequest = imps.length > 0 ? withProps(request, { imp: imps, cur: ['USD'] }) : request;
  const headers = jsonHeaders();
  headers['x-openrtb-version'] = ['2.5'];
  return { value: [postJson(ctx.endpoint, body, headers)], errors: [] };
}

function bidType(bid: Bid, request: Readonly<BidRequest>): MediaType {
  const imp = request.imp.find((candidate) => candidate.id === bid.impid);
  if (!imp || imp.banner) return 'banner';
  if (imp.video) return 'video';
  return imp.native ? 'native' : 'banner';
}

export const adapter = createOrtbAdapter({
  requests,
  bidType,
  finish: (result) => withProps(result, { currency: 'USD' }),
});
