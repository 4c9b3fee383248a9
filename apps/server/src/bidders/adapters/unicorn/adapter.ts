// UNICORN: apps only, no GDPR, CCPA or COPPA traffic. One call with every imp rewritten (request.ts),
// a source ext naming UNICORN and the first imp's account id in the request ext. Bids on banner imps
// are banner.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { createOrtbAdapter, defaultBidType } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { withProps } from '@gavel/common';
import { unicornApp, unicornExt, unicornImp } from './request.js';

const fail = (message: string): BidderError => ({ code: ERROR_CODE.badInput, message });

function unsupportedRegs(request: Readonly<BidRequest>): BidderError | undefined {
  const regs = request.regs;
  if (!regs) return undefined;
  if (regs.coppa === 1) return fail('COPPA is not supported');
  const ext = regs.ext as { gdpr?: unknown; us_privacy?: unknown } | undefined;
  if (ext?.gdpr === 1) return fail('GDPR is not supported');
  if (typeof ext?.us_privacy === 'string' && ext.us_privacy) return fail('CCPA is not supported');
  return undefined;
}

function headersOf(request: Readonly<BidRequest>): Record<string, string[]> {
  const headers: Record<string, string[]> = {
    'Content-Type': ['application/json;charset=utf-8'],
    Accept: ['application/json'],
    'X-Openrtb-Version': ['2.5'],
  };
  const device = request.device;
  if (device?.ua) headers['User-Agent'] = [device.ua];
  const forwarded = [device?.ipv6, device?.ip].filter((ip): ip is string => !!ip);
  if (forwarded.length > 0) headers['X-Forwarded-For'] = forwarded;
  return headers;
}

function unicornRequest(request: Readonly<BidRequest>): BidRequest | BidderError {
  const imps: Imp[] = [];
  for (const [index, imp] of request.imp.entries()) {
    const mapped = unicornImp(imp, index);
    if (isBidderError(mapped)) return mapped;
    imps.push(mapped);
  }
  if (!request.app) return fail('request app is required');
  const params = (imps[0]?.ext as { bidder?: Record<string, unknown> } | undefined)?.bidder ?? {};
  const accountId = params.accountId;
  if (typeof accountId !== 'number') return fail('accountId field is required');
  const source = withProps(request.source ?? {}, { ext: { stype: 'prebid_server_uncn', bidder: 'unicorn' } });
  return withProps(request, {
    imp: imps,
    app: unicornApp(request.app, params),
    source,
    ext: unicornExt(request, accountId),
  });
}

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    const unsupported = unsupportedRegs(request);
    if (unsupported) return { value: [], errors: [unsupported] };
    const body = unicornRequest(request);
    if (isBidderError(body)) return { value: [], errors: [body] };
    return { value: [postJson(ctx.endpoint, body, headersOf(request))], errors: [] };
  },
  status: {
    template: {
      badRequest: 'Unexpected http status code: {status}',
      other: 'Unexpected http status code: {status}',
    },
  },
  bidType(bid, request) {
    const imp = request.imp.find((i) => i.id === bid.impid);
    return imp?.banner ? 'banner' : defaultBidType(bid, request);
  },
});
