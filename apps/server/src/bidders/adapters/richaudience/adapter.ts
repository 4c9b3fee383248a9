// Rich Audience: one call per imp; `pid` → tagid, the imp's original tag id travels as a `tagid=`
// keyword of the site/app, `secure` follows the page scheme, the floor currency comes from the params
// (else USD), test mode pins a test IP. A device without any IP refuses the whole request.
import type { BidRequest, Device, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, OutgoingRequest, TypedBid } from '../../types.js';
import { jsonHeaders, postJson } from '../../helpers/json-request.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids, inputError } from '../../helpers/bid-response.js';
import { PUBLISHER_BAD_REQUEST } from '../../helpers/response-status.js';
import { parseJsonObject } from '../../helpers/parse-json.js';
import { withProps } from '@gavel/common';

/** The device IP Rich Audience's test line item answers to. */
const TEST_IP = '11.222.33.44';

interface RichAudienceParams {
  pid?: string;
  test?: boolean;
  bidFloorCur?: string;
}

/** Scheme and host of a page URL, read leniently as a URL parser would (relative URLs allowed). */
function pageParts(page: string): { scheme: string; host: string } {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(page)?.[1]?.toLowerCase() ?? '';
  const rest = scheme ? page.slice(scheme.length + 1) : page;
  const host = rest.startsWith('//') ? (/^\/\/([^/?#]*)/.exec(rest)?.[1] ?? '') : '';
  return { scheme, host: host.replace(/^[^@]*@/, '') };
}

function sizeError(imp: Readonly<Imp>): BidderError | undefined {
  const banner = imp.banner;
  if (banner && banner.w === undefined && banner.h === undefined && !banner.format?.length)
    return inputError('request.Banner.Format is required');
  if (imp.video && !(imp.video.w && imp.video.h)) return inputError('request.Video.Sizes is required');
  return undefined;
}

function paramsOf(imp: Readonly<Imp>): RichAudienceParams | BidderError {
  if (!imp.ext || typeof imp.ext !== 'object')
    return inputError(`not found parameters ext in ImpID : ${imp.id}`);
  const params = imp.ext.bidder;
  if (!params || typeof params !== 'object' || Array.isArray(params))
    return inputError(`invalid parameters ext in ImpID: ${imp.id}`);
  // Keys match case-insensitively, as a typed JSON decode reads them (`bidFloorCur` or `bidfloorcur`).
  const entries = Object.entries(params as Record<string, unknown>);
  const read = (name: string): unknown => entries.find(([key]) => key.toLowerCase() === name)?.[1];
  const [pid, test, cur] = [read('pid'), read('test'), read('bidfloorcur')];
  return {
    pid: typeof pid === 'string' ? pid : undefined,
    test: test === true,
    bidFloorCur: typeof cur === 'string' ? cur : undefined,
  };
}

/** The request as every call sends it: the site domain filled from the page host when missing. */
function baseRequest(request: Readonly<BidRequest>): { base: BidRequest; secure: number } {
  const page = request.site?.page;
  if (!request.site || !page) return { base: request, secure: 0 };
  const { scheme, host } = pageParts(page);
  const base = request.site.domain
    ? (request as BidRequest)
    : withProps(request, { site: withProps(request.site, { domain: host }) });
  return { base, secure: scheme === 'https' ? 1 : 0 };
}

function makeRequests(
  request: Readonly<BidRequest>,
  uri: string,
): { value: OutgoingRequest[]; errors: BidderError[] } {
  const device = request.device;
  if (device && !device.ip && !device.ipv6)
    return { value: [], errors: [inputError('request.Device.IP is required')] };
  const { base, secure } = baseRequest(request);
  const headers = withProps(jsonHeaders(), { 'X-Openrtb-Version': ['2.5'] });
  const value: OutgoingRequest[] = [];
  const errors: BidderError[] = [];
  // Test mode, once asked for by an imp, stays on for the calls of the imps after it.
  let testDevice: Device | undefined;
  for (const imp of request.imp) {
    const params = paramsOf(imp);
    if ('code' in params) {
      errors.push(params);
      continue;
    }
    const keywords = `tagid=${imp.tagid ?? ''}`;
    if (params.test) testDevice = withProps(base.device, { ip: TEST_IP });
    const invalid = sizeError(imp);
    if (invalid) {
      errors.push(invalid);
      continue;
    }
    const bidfloorcur = params.bidFloorCur || imp.bidfloorcur || 'USD';
    const sent: Imp = withProps(imp, { tagid: params.pid || imp.tagid, secure, bidfloorcur });
    let body: BidRequest = withProps(base, { imp: [sent] });
    if (body.app) body = withProps(body, { app: withProps(body.app, { keywords }) });
    if (body.site) body = withProps(body, { site: withProps(body.site, { keywords }) });
    if (testDevice) body = withProps(body, { device: testDevice, test: 1 });
    value.push(postJson(uri, body, headers));
  }
  return { value, errors };
}

/** Video when the bid's imp (the one imp of its call) offers video, else banner; unknown imp → none. */
function typeOf(imp: Imp, impid: string): MediaType | undefined {
  if (imp.id !== impid) return undefined;
  return imp.video ? 'video' : 'banner';
}

export const adapter: Adapter = {
  makeRequests: (request, ctx) => makeRequests(request, ctx.endpoint),

  makeBids(_request, call) {
    const opened = openBidResponse(call, { wording: PUBLISHER_BAD_REQUEST });
    if (!opened.ok) return opened.result;
    const sent = parseJsonObject<BidRequest>(call.request.body ?? '');
    if (!sent.ok) return { value: null, errors: [sent.error] };
    const bids: TypedBid[] = [];
    for (const imp of sent.value.imp ?? []) {
      for (const { bid } of allBids(opened.response)) {
        const type = typeOf(imp, bid.impid);
        const video = type === 'video' ? imp.video : undefined;
        const out = video ? withProps(bid, { w: video.w, h: video.h }) : bid;
        bids.push(type ? { bid: out, type } : { bid: out });
      }
    }
    return { value: { currency: opened.response.cur, bids }, errors: [] };
  },
};
