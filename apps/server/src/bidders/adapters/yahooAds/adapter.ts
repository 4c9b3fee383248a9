// Yahoo Ads adapter: one call per imp (OpenRTB 2.6 header, the device's user agent), the imp's `pos`
// as its tagid and its `dcn` as the site id (else the app id); a banner without both sizes takes its
// first format's, and zero sizes are rejected. GPP fields in regs.ext are promoted (regs.ts). Bids are
// typed by their imp (banner, else video; other imps' bids are ignored); a bid for an unknown imp
// fails the whole answer.
import type { Banner, Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, OutgoingRequest, Result } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { jsonHeaders, postJson } from '../../helpers/json-request.js';
import { asObject } from '../../helpers/parse-json.js';
import { inputError, serverError } from '../../helpers/bid-response.js';
import { stringParamError } from '../../helpers/typed-params.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { statusMessage } from '../../helpers/response-status.js';
import { promoteRegs } from './regs.js';
import { withProps } from '@gavel/common';

/** The banner as sent: both sizes set and non-zero, else the first format's; or why it can't be. */
function sizedBanner(banner: Readonly<Banner>): Banner | BidderError {
  if (typeof banner.w === 'number' && typeof banner.h === 'number') {
    if (banner.w === 0 || banner.h === 0) {
      return inputError(`Invalid sizes provided for Banner ${banner.w}x${banner.h}`);
    }
    return banner;
  }
  const first = banner.format?.[0];
  if (!first) return inputError('No sizes provided for Banner []');
  return withProps(banner, { w: first.w, h: first.h });
}

function paramsOf(imp: Readonly<Imp>, index: number): { dcn: string; pos: string } | BidderError {
  const ext = asObject(imp.ext);
  const bidder = ext.ok ? asObject(ext.value.bidder ?? {}) : ext;
  if (!bidder.ok) return inputError(`imp #${index}: ext.bidder not provided`);
  const typeError = stringParamError(bidder.value, 'openrtb_ext.ExtImpYahooAds', { dcn: 'Dcn', pos: 'Pos' });
  if (typeError) return inputError(`imp #${index}: ${typeError.message}`);
  const { dcn, pos } = bidder.value;
  return { dcn: typeof dcn === 'string' ? dcn : '', pos: typeof pos === 'string' ? pos : '' };
}

/** The one-imp request sent for `imp`, or why it can't be. */
function requestFor(
  request: Readonly<BidRequest>,
  imp: Readonly<Imp>,
  index: number,
): BidRequest | BidderError {
  const params = paramsOf(imp, index);
  if (isBidderError(params)) return params;
  let sent: Imp = withProps(imp, { tagid: params.pos });
  if (imp.banner) {
    const banner = sizedBanner(imp.banner);
    if (isBidderError(banner)) return banner;
    sent = withProps(sent, { banner });
  }
  const body: BidRequest = withProps(request, { imp: [sent] });
  if (request.site) return withProps(body, { site: withProps(request.site, { id: params.dcn }) });
  if (request.app) return withProps(body, { app: withProps(request.app, { id: params.dcn }) });
  return body;
}

function requests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]> {
  const headers = jsonHeaders();
  headers['x-openrtb-version'] = ['2.6'];
  const ua = request.device?.ua;
  if (typeof ua === 'string' && ua !== '') headers['User-Agent'] = [ua];
  const promoted = promoteRegs(request.regs);
  const errors: BidderError[] = promoted.warning ? [promoted.warning] : [];
  const base: BidRequest =
    promoted.regs === request.regs ? request : withProps(request, { regs: promoted.regs });
  const value: OutgoingRequest[] = [];
  request.imp.forEach((imp, index) => {
    const body = requestFor(base, imp, index);
    if (isBidderError(body)) errors.push(body);
    else value.push(postJson(ctx.endpoint, body, headers));
  });
  return { value, errors };
}

function bidTypeOf(bid: Bid, request: Readonly<BidRequest>): 'banner' | 'video' | 'other' | undefined {
  const imp = request.imp.find((candidate) => candidate.id === bid.impid);
  if (!imp) return undefined;
  if (imp.banner) return 'banner';
  return imp.video ? 'video' : 'other';
}

const ortb = createOrtbAdapter({ requests });

export const adapter: Adapter = {
  makeRequests: (request, ctx) => ortb.makeRequests(request, ctx),
  makeBids(request, call, ctx) {
    const { status } = call.response;
    if (status === 204) return { value: null, errors: [] };
    if (status !== 200) return { value: null, errors: [serverError(statusMessage(status, { tail: '' }))] };
    const result = ortb.makeBids(request, call, ctx);
    if (!result.value) {
      const message = result.errors[0]?.message ?? '';
      return { value: null, errors: [serverError(`Bad server response: ${message}.`)] };
    }
    const bids = [];
    for (const typed of result.value.bids) {
      const type = bidTypeOf(typed.bid, request);
      if (!type) return { value: null, errors: [serverError(`Unknown ad unit code '${typed.bid.impid}'`)] };
      if (type !== 'other') bids.push(withProps(typed, { type }));
    }
    return { value: { currency: 'USD', bids }, errors: [] };
  },
};
