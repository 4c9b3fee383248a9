// Outbrain: one call for all imps; params set `imp.tagid`, the site/app publisher and the request's
// blocked categories/advertisers; bids are typed by their imp (native first).
import type { BidRequest } from '../../../openrtb/types.js';
import type { Adapter } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestWithAllImps, withImpParams } from '../../helpers/imp-requests.js';
import { PUBLISHER_BAD_REQUEST } from '../../helpers/response-status.js';
import { typeFromImp } from '../../helpers/bid-type.js';
import { rewriteNativeTrackers } from './native.js';
import { withProps } from '@gavel/common';

interface OutbrainParams {
  publisher?: Record<string, unknown>;
  tagid?: string;
  bcat?: string[];
  badv?: string[];
}

function withParams(request: BidRequest, params: OutbrainParams): BidRequest {
  const out: BidRequest = { ...request };
  const publisher = params.publisher && { ...params.publisher };
  if (out.site) out.site = withProps(out.site, { publisher });
  else if (out.app) out.app = withProps(out.app, { publisher });
  if (params.bcat?.length) out.bcat = params.bcat;
  if (params.badv?.length) out.badv = params.badv;
  return out;
}

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => {
    let params: OutbrainParams = {};
    return requestWithAllImps(request, {
      uri: ctx.endpoint,
      mapImp: withImpParams((imp, { bidder }) => {
        params = bidder;
        return params.tagid ? withProps(imp, { tagid: params.tagid }) : imp;
      }),
      mapRequest: (copy) => withParams(copy, params),
    });
  },
  status: PUBLISHER_BAD_REQUEST,
  bidType: (bid, request) =>
    typeFromImp(
      bid,
      request,
      ['native', 'banner', 'video'],
      (id) => `Failed to find native/banner/video impression "${id}" `,
      3,
    ),
  decorate: (typed) => {
    if (typed.type !== 'native' || !typed.bid.adm) return typed;
    const adm = rewriteNativeTrackers(typed.bid.adm);
    return adm === undefined ? typed : withProps(typed, { bid: withProps(typed.bid, { adm }) });
  },
});
