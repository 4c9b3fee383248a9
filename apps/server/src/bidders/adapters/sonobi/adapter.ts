// Sonobi: one call per imp, the TagID param as `imp.tagid`, floors and bids in USD only; bids typed by
// their imp (banner first), a bid for an unknown imp voids the whole answer.
import type { Adapter } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestPerImp, withImpParams } from '../../helpers/imp-requests.js';
import { flooredImp } from '../../helpers/floor-currency.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';
import { inputError } from '../../helpers/bid-response.js';
import { withProps } from '@gavel/common';

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) =>
    requestPerImp(request, {
      uri: ctx.endpoint,
      mapImp: withImpParams((imp, { bidder }) =>
        flooredImp(imp, 'USD', ctx, { tagid: typeof bidder.TagID === 'string' ? bidder.TagID : '' }),
      ),
      mapRequest: (copy) => withProps(copy, { cur: ['USD'] }),
    }),
  bidType: (bid, request) =>
    mediaTypeOfImp(request.imp, bid.impid, ['banner', 'video', 'native'], undefined) ??
    (request.imp.some((i) => i.id === bid.impid)
      ? 'banner'
      : inputError(`Failed to find impression "${bid.impid}" `)),
  failOnBidError: true,
  finish: (result) => withProps(result, { currency: 'USD' }),
});
