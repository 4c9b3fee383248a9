// Vungle: one call per imp. The floor goes in USD; the imp's params are repeated under `ext.vungle`
// with the user's buyer uid as bid token, the placement becomes the tag id, and the request is always
// an app (a site is replaced by an app whose id is the app store id). Every bid is a video bid.
import type { App, BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, OutgoingRequest, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { asObject } from '../../helpers/parse-json.js';
import { bidderImpExtView } from '../../helpers/bidder-imp-ext.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { allBids, parseBidResponse } from '../../helpers/bid-response.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { omitKeys, withProps } from '@gavel/common';

const HEADERS = (): Record<string, string[]> => ({
  'Content-Type': ['application/json'],
  Accept: ['application/json'],
  'X-OpenRTB-Version': ['2.5'],
});
const fail = (message: string): BidderError => ({ code: ERROR_CODE.badInput, message });
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function usdFloor(imp: Readonly<Imp>, ctx: AdapterContext): Imp | BidderError {
  const cur = imp.bidfloorcur;
  if (!imp.bidfloor || imp.bidfloor <= 0 || !cur || cur.toUpperCase() === 'USD') return imp;
  try {
    return withProps(imp, { bidfloor: ctx.convertCurrency(imp.bidfloor, cur, 'USD'), bidfloorcur: 'USD' });
  } catch (err) {
    return fail(`failed to convert currency (err)${(err as Error).message}`);
  }
}

function impFor(source: Readonly<Imp>, request: Readonly<BidRequest>, ctx: AdapterContext) {
  const imp = usdFloor(source, ctx);
  if (isBidderError(imp)) return imp;
  const ext = asObject(imp.ext);
  if (!ext.ok) return fail(`failed unmarshalling imp ext (err)${ext.error.message}`);
  const params = asObject(ext.value.bidder);
  if (!params.ok) return fail(`failed unmarshalling bidder imp ext (err)${params.error.message}`);
  const vungle = {
    bid_token: request.user?.buyeruid ?? '',
    app_store_id: text(params.value.app_store_id),
    placement_reference_id: text(params.value.placement_reference_id),
  };
  const newExt = bidderImpExtView(ext.value);
  newExt.vungle = vungle;
  return {
    imp: withProps(imp, { ext: newExt, tagid: vungle.placement_reference_id }),
    storeId: vungle.app_store_id,
  };
}

function callFor(source: Readonly<Imp>, request: Readonly<BidRequest>, ctx: AdapterContext) {
  const mapped = impFor(source, request, ctx);
  if (isBidderError(mapped)) return mapped;
  const id = mapped.storeId;
  let app: App;
  if (request.app) app = id ? withProps(request.app, { id }) : omitKeys(request.app, ['id']);
  else if (request.site) app = id ? { id } : {};
  else return fail('failed constructing app, must have app or site object in bid request');
  const body: BidRequest = withProps(omitKeys(request, ['site']), { imp: [mapped.imp], app });
  return postJson(ctx.endpoint, body, HEADERS());
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const value: OutgoingRequest[] = [];
    const errors: BidderError[] = [];
    for (const imp of request.imp) {
      const call = callFor(imp, request, ctx);
      if (isBidderError(call)) errors.push(call);
      else value.push(call);
    }
    return { value, errors };
  },
  makeBids(_request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    // Bids keep the seat the answer gives them.
    const bids: TypedBid[] = allBids(parsed.value).map(({ bid, seat }) =>
      seat ? { bid, type: 'video', seat } : { bid, type: 'video' },
    );
    return { value: { currency: parsed.value.cur, bids }, errors: [] };
  },
};
