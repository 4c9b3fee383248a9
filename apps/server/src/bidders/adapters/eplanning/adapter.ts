// e-planning: one GET for all valid imps; the spaces (spaces.ts), page, user, device, app and schain
// facts travel in the query of `<endpoint>/<client>/1/<site or app>/ROS`. Bids come back per space
// and are typed by the auction's kind (video auctions → video, else banner).
import type { Bid, BidRequest } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, OutgoingRequest, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { addDeviceHeaders } from '../../helpers/device-headers.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { auctionKind, spacesOf, spaceText, type Space } from './spaces.js';
import { encodeQuery, escapePathSegment, hostnameOf, schainText } from './url.js';
import { parsePrice, parseSpaces } from './response.js';

const DEFAULT_PAGE = 'FILE';

/** The site's domain (else its page's host) or the app bundle the call is addressed to. */
function targetOf(request: Readonly<BidRequest>): string | BidderError {
  let domain = DEFAULT_PAGE;
  if (request.site?.domain) domain = request.site.domain;
  else if (request.site?.page) {
    const host = hostnameOf(request.site.page);
    if (isBidderError(host)) return host;
    domain = host;
  }
  return request.app?.bundle || domain;
}

function baseQuery(
  request: Readonly<BidRequest>,
  spaces: readonly Space[],
  ctx: AdapterContext,
): Map<string, string> {
  const query = new Map<string, string>([['ncb', '1']]);
  if (!request.app) query.set('ur', request.site?.page || DEFAULT_PAGE);
  query.set('e', spaces.map(spaceText).join('+'));
  if (request.user?.buyeruid) query.set('uid', request.user.buyeruid);
  if (request.device?.ip) query.set('ip', request.device.ip);
  // Cache-buster; upstream's test mode leaves it out (and sends `{}` as the body instead).
  if (!ctx.testing) query.set('rnd', String(Math.floor(Math.random() * Number.MAX_SAFE_INTEGER)));
  const { app, device } = request;
  if (app) {
    if (app.name) query.set('appn', app.name);
    if (app.id) query.set('appid', app.id);
    if (device?.ifa) query.set('ifa', device.ifa);
    query.set('app', '1');
  }
  return query;
}

function uriOf(ctx: AdapterContext, path: string[], query: Map<string, string>): string {
  const base = ctx.endpoint.split('?')[0] ?? '';
  return `${base}/${path.map(escapePathSegment).join('/')}?${encodeQuery(query)}`;
}

function buildCall(
  request: Readonly<BidRequest>,
  spaces: Space[],
  ctx: AdapterContext,
): OutgoingRequest | BidderError {
  const target = targetOf(request);
  if (isBidderError(target)) return target;
  const query = baseQuery(request, spaces, ctx);
  const kind = auctionKind(request);
  if (kind > 0) {
    query.set('vctx', String(kind));
    query.set('vv', '3');
  }
  const sourceExt = request.source?.ext;
  if (sourceExt) {
    const sch = schainText(sourceExt);
    if (isBidderError(sch)) return sch;
    if (sch) query.set('sch', sch);
  }
  const headers: Record<string, string[]> = {
    'Content-Type': ['application/json'],
    Accept: ['application/json'],
  };
  addDeviceHeaders(headers, request);
  const uri = uriOf(ctx, [spaces[0]?.clientId ?? '', '1', target, 'ROS'], query);
  const call: OutgoingRequest = { method: 'GET', uri, headers, impIds: request.imp.map((i) => i.id) };
  if (ctx.testing) call.body = '{}';
  return call;
}

function bidsOf(spaces: ReturnType<typeof parseSpaces>, request: Readonly<BidRequest>): TypedBid[] {
  const { spaces: valid, kind } = spacesOf(request);
  const impBySpace = new Map(valid.map((s) => [s.name, s.impId]));
  const bids: TypedBid[] = [];
  for (const space of Array.isArray(spaces) ? spaces : []) {
    for (const ad of space.a ?? []) {
      const price = parsePrice(ad.pr);
      if (price === undefined) continue;
      const bid: Bid = { id: ad.i ?? '', impid: impBySpace.get(space.k ?? '') ?? '', price };
      if (ad.id) bid.adid = ad.id;
      if (ad.adm) bid.adm = ad.adm;
      if (ad.crid) bid.crid = ad.crid;
      if (ad.w) bid.w = ad.w;
      if (ad.h) bid.h = ad.h;
      if (ad.adom) bid.adomain = [ad.adom];
      bids.push({ bid, type: kind > 0 ? 'video' : 'banner' });
    }
  }
  return bids;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const { spaces, errors } = spacesOf(request);
    if (spaces.length === 0) return { value: [], errors };
    const call = buildCall(request, spaces, ctx);
    return isBidderError(call) ? { value: [], errors: [...errors, call] } : { value: [call], errors };
  },
  makeBids(request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    const spaces = parseSpaces(call.response.body);
    if (typeof spaces === 'string') {
      const message = `Error unmarshaling HB response: ${spaces}`;
      return { value: null, errors: [{ code: ERROR_CODE.badServerResponse, message }] };
    }
    return { value: { currency: 'USD', bids: bidsOf(spaces, request) }, errors: [] };
  },
};
