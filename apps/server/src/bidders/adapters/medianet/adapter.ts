// Media.net adapter: the request goes out unchanged to the endpoint tagged with the host's source URL
// (`src`, the bidder's extraInfo, when set); bids are typed by `mtype` alone (banner, video or native)
// and priced in USD.
import type { AdapterContext, BidderError, MediaType } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { encodeQuery, splitQuery } from '../../helpers/url-query.js';
import { serverError } from '../../helpers/bid-response.js';
import { withProps } from '@gavel/common';

const BY_MTYPE: Readonly<Record<number, MediaType>> = { 1: 'banner', 2: 'video', 4: 'native' };
const HEADERS = { 'Content-Type': ['application/json;charset=utf-8'] };

function uriOf(ctx: AdapterContext): string {
  const source = typeof ctx.extraInfo === 'string' ? ctx.extraInfo : '';
  if (!source) return ctx.endpoint;
  const { base, query } = splitQuery(ctx.endpoint);
  query.set('src', [...(query.get('src') ?? []), source]);
  return `${base}?${encodeQuery(query)}`;
}

export const adapter = createOrtbAdapter({
  requests: (request, ctx) => ({ value: [postJson(uriOf(ctx), request, HEADERS)], errors: [] }),
  bidType: (bid): MediaType | BidderError =>
    (typeof bid.mtype === 'number' ? BY_MTYPE[bid.mtype] : undefined) ??
    serverError(`Unable to fetch mediaType for imp: ${bid.impid}`),
  // Media.net answers in USD; the answer's `cur` is not read.
  finish: (result) => withProps(result, { currency: 'USD' }),
});
