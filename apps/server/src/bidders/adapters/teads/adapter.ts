// Teads adapter: one call for all imps; the placement id becomes `imp.tagid` and `imp.ext.kv`, banners
// take their first format's size; bids must carry non-empty renderer facts in `ext.prebid.meta`.
import type { Bid, Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { mapImps, withImpParams } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { inputError, serverError } from '../../helpers/bid-response.js';
import { withFirstFormatSize } from '../../helpers/banner-size.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';
import { withProps } from '@gavel/common';

const mapImp = withImpParams((imp, { bidder }): Imp | BidderError => {
  const placementId = typeof bidder.placementId === 'number' ? bidder.placementId : 0;
  if (placementId === 0) return inputError('placementId should not be 0.');
  return withProps(withFirstFormatSize(imp), { tagid: String(placementId), ext: { kv: { placementId } } });
});

/** Teads' creatives need their renderer: a named, versioned one when the bid states one. */
function rendererError(bid: Bid): BidderError | undefined {
  const meta = (bid.ext?.prebid as { meta?: Record<string, unknown> } | undefined)?.meta;
  if (!meta) return undefined;
  if (meta.rendererName === '') return inputError('RendererName should not be empty if present');
  if (meta.rendererVersion === '') return inputError('RendererVersion should not be empty if present');
  return undefined;
}

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    if (request.imp.length === 0)
      return { value: [], errors: [inputError('No impression in the bid request')] };
    const { imps, errors } = mapImps(request, mapImp);
    if (errors.length > 0) return { value: [], errors };
    return { value: [postJson(ctx.endpoint, withProps(request, { imp: imps }))], errors };
  },
  bidType: (bid, request) =>
    rendererError(bid) ??
    (request.imp.some((imp) => imp.id === bid.impid)
      ? (mediaTypeOfImp(request.imp, bid.impid, ['video', 'native'], 'banner') ?? 'banner')
      : serverError('Imp ids were not equals')),
  failOnBidError: true,
  defaultCurrency: 'USD',
});
