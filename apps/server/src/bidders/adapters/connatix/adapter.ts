// Connatix: needs the device IP; one call per imp, each imp sized from its first banner format,
// floored in USD, given the app SDK's display manager version and its params under `ext.connatix`.
// The user id's prefix picks the data centre (`dc`). Bids are video when their ext says so, else banner.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, OutgoingRequest, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { mapImps, withImpParams } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { floorToUsd } from '../../helpers/usd-floor.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { stringParamError } from '../../helpers/typed-params.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids } from '../../helpers/bid-response.js';
import { bidResponseDecodeError } from '../../helpers/bid-response-decode.js';
import { omitKeys, withProps } from '@gavel/common';

const DATA_CENTRES: readonly [string, string][] = [
  ['1-', 'us-east-2'],
  ['2-', 'us-west-2'],
  ['3-', 'eu-west-1'],
];

/** `<source>-<version>` of the app's Prebid SDK (`app.ext.prebid`), or ''. */
function displayManagerVer(request: Readonly<BidRequest>): string {
  const prebid = (request.app?.ext as { prebid?: { source?: unknown; version?: unknown } } | undefined)
    ?.prebid;
  const { source, version } = prebid ?? {};
  return typeof source === 'string' && typeof version === 'string' ? `${source}-${version}` : '';
}

interface ImpOptions {
  ctx: AdapterContext;
  dmv: string;
}

function buildImp(
  imp: Readonly<Imp>,
  params: Record<string, unknown>,
  options: ImpOptions,
): Imp | BidderError {
  const typeError = stringParamError(params, 'openrtb_ext.ExtImpConnatix', { placementId: 'PlacementId' });
  if (typeError) return typeError;
  const floored = floorToUsd(imp, options.ctx);
  if (isBidderError(floored)) return floored;
  const changes: Partial<Imp> = {};
  const first = imp.banner?.format?.[0];
  if (imp.banner && imp.banner.w === undefined && imp.banner.h === undefined && first) {
    changes.banner = withProps(imp.banner, { w: first.w, h: first.h });
  }
  if (!imp.displaymanagerver && options.dmv) changes.displaymanagerver = options.dmv;
  const connatix: Record<string, unknown> = {};
  if (typeof params.placementId === 'string' && params.placementId) connatix.placementId = params.placementId;
  if (typeof params.viewabilityPercentage === 'number' && params.viewabilityPercentage !== 0)
    connatix.viewabilityPercentage = params.viewabilityPercentage;
  changes.ext = withProps(omitKeys(imp.ext ?? {}, ['bidder']), { connatix });
  return withProps(floored, changes);
}

function headersOf(request: Readonly<BidRequest>): Record<string, string[]> {
  const headers: Record<string, string[]> = {
    'Content-Type': ['application/json'],
    Accept: ['application/json'],
  };
  const device = request.device;
  if (device?.ua) headers['User-Agent'] = [device.ua];
  const forwarded = [device?.ipv6, device?.ip].filter((ip): ip is string => !!ip);
  if (forwarded.length > 0) headers['X-Forwarded-For'] = forwarded;
  return headers;
}

/** The endpoint with the data-centre query its user id asks for (no user id → unchanged). */
function uriFor(request: Readonly<BidRequest>, endpoint: string): string {
  const uid = (request.user?.buyeruid ?? '').trim();
  if (!uid) return endpoint;
  const base = endpoint.split('?')[0] ?? endpoint;
  const dc = DATA_CENTRES.find(([prefix]) => uid.startsWith(prefix))?.[1];
  return dc ? `${base}?dc=${dc}` : base;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    if (!request.device || (!request.device.ip && !request.device.ipv6)) {
      return { value: [], errors: [{ code: ERROR_CODE.badInput, message: 'Device IP is required' }] };
    }
    const options: ImpOptions = { ctx, dmv: displayManagerVer(request) };
    const { imps, errors } = mapImps(
      request,
      withImpParams((imp, { bidder }) => buildImp(imp, bidder, options)),
    );
    const uri = uriFor(request, ctx.endpoint);
    const headers = headersOf(request);
    const value: OutgoingRequest[] = imps.map((imp) =>
      postJson(uri, withProps(request, { imp: [imp] }), headers),
    );
    return { value, errors };
  },
  makeBids(_request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const decodeError = bidResponseDecodeError(call.response.body);
    if (decodeError) return { value: null, errors: [decodeError] };
    const bids: TypedBid[] = allBids(opened.response).map(({ bid }) => {
      const cnx = (bid.ext?.connatix as { mediaType?: unknown } | undefined)?.mediaType;
      return { bid, type: cnx === 'video' ? 'video' : 'banner' };
    });
    return { value: { currency: 'USD', bids }, errors: [] };
  },
};
