// Ogury adapter: one call. Each imp's params are lifted from `imp.ext.bidder` into `imp.ext`, its id
// becomes its tag id (the ad unit code) and a foreign-currency floor is converted to USD. Only imps with
// an asset key and ad unit id are sent; when none has them, every imp is sent provided the site/app
// names its publisher. Bids are typed by `mtype`; one untyped bid drops the whole answer.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, MediaType, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids } from '../../helpers/bid-response.js';
import { floorIn } from '../../helpers/floor-currency.js';
import { mediaTypeOfMtype } from '../../helpers/media-type.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { omitKeys, withProps } from '@gavel/common';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const badInput = (message: string): BidderError => ({ code: ERROR_CODE.badInput, message });

function headersOf(request: Readonly<BidRequest>): Record<string, string[]> {
  const headers: Record<string, string[]> = { 'Content-Type': ['application/json;charset=utf-8'] };
  const device = request.device;
  if (!device) return headers;
  const ips = [device.ip, device.ipv6].filter((ip): ip is string => !!ip);
  if (ips.length > 0) headers['X-Forwarded-For'] = ips;
  if (device.ua) headers['User-Agent'] = [device.ua];
  const language = (device as { language?: unknown }).language;
  if (typeof language === 'string' && language) headers['Accept-Language'] = [language];
  return headers;
}

/** The imp as sent and whether it carries Ogury's own params, or the error that stops the request. */
function mapImp(imp: Readonly<Imp>, ctx: AdapterContext): { imp: Imp; ogury: boolean } | BidderError {
  if (!isObject(imp.ext)) return badInput("Bidder extension not provided or can't be unmarshalled");
  const params = imp.ext.bidder ?? {};
  if (!isObject(params)) return badInput("Ogury bidder extension not provided or can't be unmarshalled");
  const ext = withProps(omitKeys(imp.ext, ['bidder']), params);
  let mapped: Imp = withProps(imp, { ext, tagid: imp.id });
  const cur = imp.bidfloorcur ?? '';
  if ((imp.bidfloor ?? 0) > 0 && cur !== '' && cur.toUpperCase() !== 'USD') {
    const floored = floorIn(mapped, 'USD', ctx);
    if ('error' in floored) return floored.error;
    mapped = floored.imp;
  }
  return { imp: mapped, ogury: 'assetKey' in params && 'adUnitId' in params };
}

function hasPublisherId(request: Readonly<BidRequest>): boolean {
  return !!(request.site?.publisher?.id || request.app?.publisher?.id);
}

function buildBody(request: Readonly<BidRequest>, ctx: AdapterContext): BidRequest | BidderError {
  const all: Imp[] = [];
  const withParams: Imp[] = [];
  for (const imp of request.imp) {
    const mapped = mapImp(imp, ctx);
    if ('code' in mapped) return mapped;
    all.push(mapped.imp);
    if (mapped.ogury) withParams.push(mapped.imp);
  }
  if (withParams.length === 0 && !hasPublisherId(request)) {
    return badInput('Invalid request. assetKey/adUnitId or request.site/app.publisher.id required');
  }
  return withProps(request, { imp: withParams.length > 0 ? withParams : all });
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const body = buildBody(request, ctx);
    if (isBidderError(body)) return { value: [], errors: [body] };
    return { value: [postJson(ctx.endpoint, body, headersOf(request))], errors: [] };
  },
  makeBids(_request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(opened.response)) {
      const type: MediaType | undefined = mediaTypeOfMtype(bid.mtype);
      if (type) bids.push({ bid, type });
      else {
        const message = `Unsupported MType "${bid.mtype ?? 0}", for impression "${bid.impid}"`;
        errors.push({ code: ERROR_CODE.badServerResponse, message });
      }
    }
    if (errors.length > 0) return { value: null, errors };
    return { value: { currency: opened.response.cur, bids }, errors: [] };
  },
};
