// Kargo: the request goes as is, without headers; bids say their type in `ext.mediaType` (video or
// native; anything else is banner). Every unexpected status, 400 included, is a server error.
import type { Adapter } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => ({ value: [postJson(ctx.endpoint, request, {})], errors: [] }),
  status: { period: true, badRequestIsServerError: true },
  bidType: (bid) => {
    const type = bid.ext?.mediaType;
    return type === 'video' || type === 'native' ? type : 'banner';
  },
});
