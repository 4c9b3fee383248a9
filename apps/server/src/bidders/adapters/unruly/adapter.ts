// Unruly: one call for all imps; the site id param is sent under both spellings (siteId, siteid),
// as the bidder reads either; bids are typed by their imp.
import type { Adapter } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestWithAllImps, withImpParams } from '../../helpers/imp-requests.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';
import { withProps } from '@gavel/common';

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) =>
    requestWithAllImps(request, {
      uri: ctx.endpoint,
      mapImp: withImpParams((imp, { ext, bidder }) => {
        const { siteId = 0, siteid = 0 } = bidder;
        return withProps(imp, { ext: withProps(ext, { bidder: { siteId, siteid } }) });
      }),
    }),
  status: { lowercase: true },
  bidType: (bid, request) =>
    mediaTypeOfImp(request.imp, bid.impid, ['banner', 'video'], 'banner') ?? 'banner',
});
