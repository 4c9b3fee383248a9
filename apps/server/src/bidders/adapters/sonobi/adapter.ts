// Sonobi: one call per imp, the TagID param as `imp.tagid`, floors in USD; bids typed by their imp.
import type { Adapter } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestPerImp } from '../../helpers/imp-requests.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { floorIn } from '../../helpers/floor-currency.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) =>
    requestPerImp(request, {
      uri: ctx.endpoint,
      mapImp: (imp) => {
        const read = readImpExt(imp);
        if ('error' in read) return read.error;
        const floored = floorIn(imp, 'USD', ctx);
        if ('error' in floored) return floored.error;
        return {
          ...floored.imp,
          tagid: typeof read.parts.bidder.TagID === 'string' ? read.parts.bidder.TagID : '',
        };
      },
    }),
  bidType: (bid, request) =>
    mediaTypeOfImp(request.imp, bid.impid, ['banner', 'video', 'native'], 'banner') ?? 'banner',
});
