// Criteo: the request goes as is, without headers; bids state their type in `ext.prebid.type`.
import type { Adapter } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { bidTypeOfExt } from '../../helpers/prebid-bid-ext.js';

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => ({ value: [postJson(ctx.endpoint, request, {})], errors: [] }),
  bidType: (bid) =>
    bidTypeOfExt(bid.ext) ?? {
      code: 3,
      message: `Failed to parse bid mediatype for impression "${bid.impid}"`,
    },
});
