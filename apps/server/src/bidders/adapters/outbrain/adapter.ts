// Outbrain: one call for all imps, without headers; params set `imp.tagid`, the site/app publisher
// (id, name, domain) and the request's blocked categories/advertisers; bids are typed by their imp
// (native first) and native markup has its event trackers rewritten (unreadable markup drops the bid).
import type { Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { PUBLISHER_BAD_REQUEST } from '../../helpers/response-status.js';
import { typeFromImp, type ImpTypeRule } from '../../helpers/bid-type.js';
import { parseJsonObject } from '../../helpers/parse-json.js';
import { rewriteNativeTrackers } from './native.js';
import { withProps } from '@gavel/common';

interface OutbrainParams {
  publisher?: { id?: unknown; name?: unknown; domain?: unknown };
  tagid?: unknown;
  bcat?: unknown;
  badv?: unknown;
}

/** The publisher Outbrain is told about: only the id, name and domain of the params' publisher. */
function publisherOf(params: OutbrainParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['id', 'name', 'domain'] as const) {
    const value = params.publisher?.[key];
    if (typeof value === 'string' && value) out[key] = value;
  }
  return out;
}

/** The imps with their tag ids, and the params as Outbrain reads them: later imps' fields win. */
function readImps(request: Readonly<BidRequest>): { imps: Imp[]; params: OutbrainParams } {
  const params: OutbrainParams = {};
  const imps = request.imp.map((imp) => {
    const given = imp.ext?.bidder;
    if (typeof given !== 'object' || given === null || Array.isArray(given)) return imp;
    // Later imps overwrite the fields they name, the publisher's field by field.
    const publisher = withProps(params.publisher, (given as OutbrainParams).publisher ?? {});
    Object.assign(params, given, { publisher });
    const tagid = (given as OutbrainParams).tagid;
    return typeof tagid === 'string' && tagid ? withProps(imp, { tagid }) : imp;
  });
  return { imps, params };
}

function buildBody(request: Readonly<BidRequest>): BidRequest {
  const { imps, params } = readImps(request);
  const out: BidRequest = withProps(request, { imp: imps });
  const publisher = publisherOf(params);
  if (out.site) out.site = withProps(out.site, { publisher });
  else if (out.app) out.app = withProps(out.app, { publisher });
  if (Array.isArray(params.bcat)) out.bcat = params.bcat as string[];
  if (Array.isArray(params.badv)) out.badv = params.badv as string[];
  return out;
}

const IMP_TYPES: ImpTypeRule = {
  order: ['native', 'banner', 'video'],
  missing: (id) => `Failed to find native/banner/video impression "${id}" `,
};

function bidType(bid: Bid, request: Readonly<BidRequest>): MediaType | BidderError {
  const type = typeFromImp(bid, request, IMP_TYPES);
  if (type !== 'native') return type;
  const parsed = parseJsonObject<unknown>(bid.adm ?? '');
  return parsed.ok ? type : parsed.error;
}

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => ({ value: [postJson(ctx.endpoint, buildBody(request), {})], errors: [] }),
  status: PUBLISHER_BAD_REQUEST,
  bidType,
  decorate: (typed) => {
    if (typed.type !== 'native' || !typed.bid.adm) return typed;
    const adm = rewriteNativeTrackers(typed.bid.adm);
    return adm === undefined ? typed : withProps(typed, { bid: withProps(typed.bid, { adm }) });
  },
});
