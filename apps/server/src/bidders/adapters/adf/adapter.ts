// Adf (Adform) adapter: one call for all imps; the master tag id (`mid`) becomes `imp.tagid`, the first
// price type found (gross/net) goes to `request.ext.pt`; bids state their type in `ext.prebid.type`.
import type { Imp } from '../../../openrtb/types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestWithAllImps, withImpParams } from '../../helpers/imp-requests.js';
import { strictExtBidType } from '../../helpers/ext-bid-type.js';
import { omitKeys, withProps } from '@gavel/common';

const mapImp = withImpParams((imp, { bidder }): Imp => {
  const mid = bidder.mid;
  const tagid = typeof mid === 'number' || typeof mid === 'string' ? String(mid) : '';
  // The master tag id always replaces the imp's tag id (none when it is not given).
  return tagid ? withProps(imp, { tagid }) : omitKeys(imp, ['tagid']);
});

function priceTypeOf(imps: readonly Imp[]): string {
  for (const imp of imps) {
    const pt = (imp.ext?.bidder as { priceType?: unknown } | undefined)?.priceType;
    if (typeof pt === 'string' && pt) return pt;
  }
  return '';
}

export const adapter = createOrtbAdapter({
  requests: (request, ctx) =>
    requestWithAllImps(request, {
      uri: ctx.endpoint,
      headers: {},
      mapImp,
      mapRequest(copy) {
        const pt = priceTypeOf(copy.imp);
        if (!pt) return copy;
        const prebid = (copy.ext?.prebid as Record<string, unknown> | undefined) ?? {};
        return withProps(copy, { ext: { prebid, pt } });
      },
    }),
  status: { tail: '', badRequestNote: 'Bad request from publisher.' },
  bidType: (bid) => strictExtBidType(bid, (impid) => `Failed to parse impression "${impid}" mediatype`),
});
