// Yieldmo: one call for all imps; `imp.ext` becomes `{placement_id, gpid}` (gpid from the ad slot),
// floors in USD (a failed conversion is reported and the floor kept); bids state `ext.mediatype`.
import type { Adapter, BidderError } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestWithAllImps, withImpParams } from '../../helpers/imp-requests.js';
import { flooredImp } from '../../helpers/floor-currency.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { typeFromBidExt } from '../../helpers/bid-type.js';
import { withProps } from '@gavel/common';

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => {
    const errors: BidderError[] = [];
    const result = requestWithAllImps(request, {
      uri: ctx.endpoint,
      mapImp: withImpParams((imp, { ext, bidder }) => {
        const gpid = (ext.data as { pbadslot?: unknown } | undefined)?.pbadslot;
        const impExt = { placement_id: bidder.placementId, ...(gpid ? { gpid } : {}) };
        const floored = flooredImp(imp, 'USD', ctx, { ext: impExt });
        if (!isBidderError(floored)) return floored;
        // Yieldmo still bids without a convertible floor: report it and send the imp as it was.
        errors.push({
          code: 2,
          message: `Unable to convert provided bid floor currency from ${imp.bidfloorcur} to USD`,
        });
        return withProps(imp, { ext: impExt });
      }),
    });
    return { value: result.value, errors: [...result.errors, ...errors] };
  },
  bidType: (bid) =>
    typeFromBidExt(bid, 'mediatype') ?? { code: 3, message: `Unknown media type for bid ${bid.id}` },
});
