// Sonobi: one call per imp, the TagID param as `imp.tagid`, floors in USD; bids typed by their imp.
import type { Adapter } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestPerImp, withImpParams } from '../../helpers/imp-requests.js';
import { flooredImp } from '../../helpers/floor-currency.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) =>
    requestPerImp(request, {
      uri: ctx.endpoint,
      mapImp: withImpParams((imp, { bidder }) =>
        flooredImp(imp, 'USD', ctx, { tagid: typeof bidder.TagID === 'string' ? bidder.TagID : '' }),
      ),
    }),
  bidType: (bid, request) =>
    mediaTypeOfImp(request.imp, bid.impid, ['banner', 'video', 'native'], 'banner') ?? 'banner',
});
