// BidMachine: one call per imp, to the URL its params build (host, path, seller id). A banner needs a
// size or formats. A rewarded imp's banner and video get the "has skip button" attribute (16). Bids
// are banner unless their imp is video only.
import type { Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, OutgoingRequest } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { asObject } from '../../helpers/parse-json.js';
import { hadEmptyArray } from '../../helpers/ortb-normalize.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { withProps } from '@gavel/common';
import { callUrl } from './endpoint.js';

const SKIP_BUTTON = 16;
const fail = (message: string): BidderError => ({ code: ERROR_CODE.badInput, message });
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function bannerError(imp: Readonly<Imp>): BidderError | undefined {
  const banner = imp.banner;
  if (!banner || banner.w !== undefined || banner.h !== undefined) return undefined;
  const lead = `Impression with id: ${imp.id} has following error: Banner width and height is not provided and`;
  const empty = banner.format?.length === 0 || hadEmptyArray(banner, 'format');
  if (!banner.format && !empty) return fail(`${lead} banner format is missing. At least one is required`);
  if (empty) return fail(`${lead} banner format array is empty. At least one is required`);
  return undefined;
}

/** `battr` with the skip-button attribute added, or undefined when it already has it. */
function withSkipButton(battr: unknown): unknown[] | undefined {
  const attrs: unknown[] = Array.isArray(battr) ? battr : [];
  return attrs.includes(SKIP_BUTTON) ? undefined : [...attrs, SKIP_BUTTON];
}

function rewarded(imp: Readonly<Imp>): Imp {
  const changes: Partial<Imp> = {};
  const bannerAttrs = imp.banner && withSkipButton(imp.banner.battr);
  if (imp.banner && bannerAttrs) changes.banner = withProps(imp.banner, { battr: bannerAttrs });
  const videoAttrs = imp.video && withSkipButton(imp.video.battr);
  if (imp.video && videoAttrs) changes.video = withProps(imp.video, { battr: videoAttrs });
  return withProps(imp, changes);
}

function callFor(imp: Readonly<Imp>, endpoint: string): { imp: Imp; uri: string } | BidderError {
  const invalid = bannerError(imp);
  if (invalid) return invalid;
  const ext = asObject(imp.ext);
  if (!ext.ok) return ext.error;
  const params = asObject(ext.value.bidder);
  if (!params.ok) return params.error;
  const p = params.value;
  const uri = callUrl(endpoint, { host: text(p.host), path: text(p.path), sellerId: text(p.seller_id) });
  if (uri === undefined) return fail('Failed to create final URL with provided host');
  const prebid = ext.value.prebid as { is_rewarded_inventory?: unknown } | null | undefined;
  return { imp: prebid?.is_rewarded_inventory === 1 ? rewarded(imp) : imp, uri };
}

const ortb = createOrtbAdapter({
  requests(request, ctx) {
    const value: OutgoingRequest[] = [];
    const errors: BidderError[] = [];
    for (const imp of request.imp) {
      const call = callFor(imp, ctx.endpoint);
      if (isBidderError(call)) {
        errors.push(call);
        continue;
      }
      const headers = {
        'Content-Type': ['application/json'],
        Accept: ['application/json'],
        'X-Openrtb-Version': ['2.5'],
      };
      value.push(postJson(call.uri, withProps(request, { imp: [call.imp] }), headers));
    }
    return { value, errors };
  },
  bidType(bid, request) {
    const imp = request.imp.find((i) => i.id === bid.impid);
    if (!imp) {
      return {
        code: ERROR_CODE.badServerResponse,
        message: `ignoring bid id=${bid.id}, request doesn't contain any valid impression with id=${bid.impid}`,
      };
    }
    return !imp.banner && imp.video ? 'video' : 'banner';
  },
});

const INPUT_STATUSES = [400, 401, 403, 503];

export const adapter: Adapter = {
  makeRequests: (request, ctx) => ortb.makeRequests(request, ctx),
  makeBids(request, call, ctx) {
    const { status, body } = call.response;
    if (status === 204) return { value: null, errors: [] };
    if (status !== 200) {
      const code = INPUT_STATUSES.includes(status) ? ERROR_CODE.badInput : ERROR_CODE.badServerResponse;
      return { value: null, errors: [{ code, message: `unexpected status code: ${status} ${body}` }] };
    }
    return ortb.makeBids(request, call, ctx);
  },
};
