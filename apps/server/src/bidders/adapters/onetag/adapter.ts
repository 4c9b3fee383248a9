// OneTag: one call for all imps to the publisher's endpoint (`{{.PublisherID}}` from the pubId param,
// which every imp must share), without headers; bids are typed by their imp.
import type { Adapter, BidderError } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { resolveEndpoint } from '../../helpers/endpoint-macros.js';
import { typeFromImp, type ImpTypeRule } from '../../helpers/bid-type.js';

const IMP_TYPES: ImpTypeRule = {
  order: ['banner', 'video', 'native'],
  missing: (id) => `The impression with ID ${id} is not present into the request`,
  code: 3,
};

/** The one publisher id of the request's imps, or the error that stops the request. */
function publisherOf(imps: readonly Parameters<typeof readImpExt>[0][]): string | BidderError {
  let publisher = '';
  for (const imp of imps) {
    const ext = imp.ext;
    if (typeof ext !== 'object' || ext === null || Array.isArray(ext))
      return { code: 2, message: "Bidder extension not provided or can't be unmarshalled" };
    const read = readImpExt(imp);
    if ('error' in read) return { code: 2, message: 'Error while unmarshaling bidder extension' };
    const pubId = read.parts.bidder.pubId;
    if (typeof pubId !== 'string' || pubId === '')
      return { code: 2, message: 'The publisher ID must not be empty' };
    if (publisher && pubId !== publisher) return { code: 2, message: 'There must be only one publisher ID' };
    publisher = pubId;
  }
  return publisher;
}

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => {
    const publisher = publisherOf(request.imp);
    if (typeof publisher !== 'string') return { value: [], errors: [publisher] };
    const uri = resolveEndpoint(ctx.endpoint, { PublisherID: publisher });
    return { value: [postJson(uri, request, {})], errors: [] };
  },
  status: { period: true, badRequestIsServerError: true },
  failOnBidError: true,
  bidType: (bid, request) => typeFromImp(bid, request, IMP_TYPES),
});
