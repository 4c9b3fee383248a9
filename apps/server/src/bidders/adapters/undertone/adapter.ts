// Undertone: one call with every imp (tag id ← placement, ext reduced to the gpid), the first
// publisher id on the site (else the app) and the adapter's id/version in `ext`; no headers. Bids
// are typed by their imp (banner, else video); bids for other imps are dropped.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids } from '../../helpers/bid-response.js';
import { PUBLISHER_BAD_REQUEST } from '../../helpers/response-status.js';
import { withProps, omitKeys } from '@gavel/common';

const ADAPTER_EXT = { id: 4, version: '1.0.0' };

interface Prepared {
  imps: Imp[];
  publisherId: number;
  errors: BidderError[];
}

function intParam(params: Record<string, unknown>, key: string): number {
  const value = params[key];
  return typeof value === 'number' ? value : 0;
}

function prepareImps(request: Readonly<BidRequest>): Prepared {
  const out: Prepared = { imps: [], publisherId: 0, errors: [] };
  for (const imp of request.imp) {
    const read = readImpExt(imp);
    if ('error' in read) {
      out.errors.push({
        code: ERROR_CODE.badInput,
        message: `Invalid impid=${imp.id}: ${read.error.message}`,
      });
      continue;
    }
    const { ext, bidder } = read.parts;
    if (out.publisherId === 0) out.publisherId = intParam(bidder, 'publisherId');
    const gpid = typeof ext.gpid === 'string' ? ext.gpid : '';
    const tagid = String(intParam(bidder, 'placementId'));
    const base: Imp = omitKeys(imp, ['ext']);
    out.imps.push(gpid ? withProps(base, { tagid, ext: { gpid } }) : withProps(base, { tagid }));
  }
  return out;
}

function withPublisher(request: BidRequest, publisherId: number): BidRequest {
  const id = String(publisherId);
  if (request.site) {
    return withProps(request, {
      site: withProps(request.site, { publisher: withProps(request.site.publisher, { id }) }),
    });
  }
  if (request.app) {
    return withProps(request, {
      app: withProps(request.app, { publisher: withProps(request.app.publisher, { id }) }),
    });
  }
  return request;
}

function typesByImp(request: Readonly<BidRequest>): Map<string, MediaType> {
  const types = new Map<string, MediaType>();
  for (const imp of request.imp) {
    if (imp.banner) types.set(imp.id, 'banner');
    else if (imp.video) types.set(imp.id, 'video');
  }
  return types;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const { imps, publisherId, errors } = prepareImps(request);
    if (imps.length === 0) return { value: [], errors };
    const body = withPublisher(withProps(request, { imp: imps, ext: ADAPTER_EXT }), publisherId);
    const call = {
      method: 'POST' as const,
      uri: ctx.endpoint,
      body: JSON.stringify(body),
      impIds: imps.map((i) => i.id),
    };
    return { value: [call], errors };
  },
  makeBids(request, call) {
    const opened = openBidResponse(call, { wording: PUBLISHER_BAD_REQUEST });
    if (!opened.ok) return opened.result;
    const types = typesByImp(request);
    const bids: TypedBid[] = [];
    for (const { bid } of allBids(opened.response)) {
      const type = types.get(bid.impid);
      if (type) bids.push({ bid, type });
    }
    return { value: { currency: opened.response.cur, bids }, errors: [] };
  },
};
