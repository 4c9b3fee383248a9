// Yieldmo: one call for all imps; `imp.ext` becomes `{placement_id, gpid}` (gpid from the ad slot),
// floors in USD (a failed conversion is reported and the floor kept); bids state `ext.mediatype`.
import type { Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestWithAllImps } from '../../helpers/imp-requests.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { floorIn } from '../../helpers/floor-currency.js';
import { typeFromBidExt } from '../../helpers/bid-type.js';

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => {
    const errors: BidderError[] = [];
    const result = requestWithAllImps(request, {
      uri: ctx.endpoint,
      mapImp: (imp) => {
        const read = readImpExt(imp);
        if ('error' in read) return read.error;
        const gpid = (read.parts.ext.data as { pbadslot?: unknown } | undefined)?.pbadslot;
        const ext = { placement_id: read.parts.bidder.placementId, ...(gpid ? { gpid } : {}) };
        const floored = floorIn(imp, 'USD', ctx);
        if ('error' in floored) {
          const message = `Unable to convert provided bid floor currency from ${imp.bidfloorcur} to USD`;
          errors.push({ code: 2, message });
        }
        const copy: Imp = 'imp' in floored ? floored.imp : { ...imp };
        return { ...copy, ext };
      },
    });
    return { value: result.value, errors: [...result.errors, ...errors] };
  },
  bidType: (bid) =>
    typeFromBidExt(bid, 'mediatype') ?? { code: 3, message: `Unknown media type for bid ${bid.id}` },
});
