// Pangle: one call per imp, authorised by the imp's token header. Each imp's ext states Pangle's ad
// type (from its media and interstitial/rewarded flags) and, when both are given, the app and placement
// ids. Bids are typed by the ad type the answer puts in `ext.pangle.adtype`.
import type { Bid, Imp } from '../../../openrtb/types.js';
import type { BidderError, MediaType, OutgoingRequest } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { asObject } from '../../helpers/parse-json.js';
import { bidderImpExtView } from '../../helpers/bidder-imp-ext.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { PUBLISHER_BAD_REQUEST } from '../../helpers/response-status.js';
import { withProps } from '@gavel/common';

const fail = (message: string): BidderError => ({ code: ERROR_CODE.badInput, message });
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Pangle's ad type of an imp: 7 rewarded video, 8 interstitial video, 2/1 banner, 5 native; -1 none. */
function adTypeOf(imp: Readonly<Imp>, ext: Readonly<Record<string, unknown>>): number {
  const prebid = ext.prebid as { is_rewarded_inventory?: unknown } | null | undefined;
  if (imp.video) {
    if (prebid?.is_rewarded_inventory === 1) return 7;
    if (imp.instl === 1) return 8;
  }
  if (imp.banner) return imp.instl === 1 ? 2 : 1;
  if (imp.native?.request) return 5;
  return -1;
}

function callFor(imp: Readonly<Imp>, uri: string, body: (imp: Imp) => OutgoingRequest['body']) {
  const ext = asObject(imp.ext);
  if (!ext.ok) return fail(`failed unmarshalling imp ext (err)${ext.error.message}`);
  const params = asObject(ext.value.bidder);
  if (!params.ok) return fail(`failed unmarshalling bidder imp ext (err)${params.error.message}`);
  const adtype = adTypeOf(imp, ext.value);
  if (adtype === -1) return fail('not a supported adtype');
  const appid = text(params.value.appid);
  const placementid = text(params.value.placementid);
  if ((appid === '') !== (placementid === '')) return fail('only one of appid or placementid is provided');
  const newExt = bidderImpExtView(ext.value);
  newExt.adtype = adtype;
  newExt.is_prebid = true;
  if (appid) newExt.networkids = { appid, placementid };
  const sent = withProps(imp, { ext: newExt });
  const headers = { TOKEN: [text(params.value.token)], 'Content-Type': ['application/json'] };
  return { method: 'POST', uri, body: body(sent), headers, impIds: [imp.id] } satisfies OutgoingRequest;
}

const BY_AD_TYPE: Readonly<Record<number, MediaType>> = {
  1: 'banner',
  2: 'banner',
  5: 'native',
  7: 'video',
  8: 'video',
};

function bidType(bid: Bid): MediaType | BidderError {
  const ext = bid.ext as { pangle?: { adtype?: unknown } | null } | undefined;
  const adtype = ext?.pangle?.adtype;
  if (adtype === undefined || adtype === null) return serverError('missing pangleExt/adtype in bid ext');
  return (typeof adtype === 'number' && BY_AD_TYPE[adtype]) || serverError('unrecognized adtype in response');
}

function serverError(message: string): BidderError {
  return { code: ERROR_CODE.badServerResponse, message };
}

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    const value: OutgoingRequest[] = [];
    const errors: BidderError[] = [];
    const body = (imp: Imp) => postJson(ctx.endpoint, withProps(request, { imp: [imp] })).body;
    for (const imp of request.imp) {
      const call = callFor(imp, ctx.endpoint, body);
      if (isBidderError(call)) errors.push(call);
      else value.push(call);
    }
    return { value, errors };
  },
  status: PUBLISHER_BAD_REQUEST,
  bidType,
});
