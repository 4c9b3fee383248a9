// Taboola adapter: banner imps go to the display endpoint, native imps to the native one (`{{.MediaType}}`),
// both named by the publisher (`{{.PublisherID}}`) and the host's GVL id. Params set each imp's tag id,
// floor and position, and the site or app identity, blocked lists and page type of the request.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError, OutgoingRequest, Result } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { stringParamError } from '../../helpers/typed-params.js';
import { postJson } from '../../helpers/json-request.js';
import { resolveEndpoint } from '../../helpers/endpoint-macros.js';
import { PUBLISHER_BAD_REQUEST } from '../../helpers/response-status.js';
import { typeFromImp, type ImpTypeRule } from '../../helpers/bid-type.js';
import { withAuctionPrice } from '../../helpers/auction-price.js';
import { copyForWrite, withProps } from '@gavel/common';

interface Params {
  publisherId?: string;
  publisherDomain?: string;
  tagid?: string;
  tagId?: string;
  bidfloor?: number;
  bcat?: string[];
  badv?: string[];
  pageType?: string;
  position?: number;
}

/** String params (key → upstream field name), checked as upstream's typed decode does. */
const STRING_FIELDS = {
  publisherId: 'PublisherId',
  publisherDomain: 'PublisherDomain',
  tagid: 'TagId',
  tagId: 'TagID',
  pageType: 'PageType',
};

function mapImp(imp: Readonly<Imp>, p: Params): Imp {
  const out: Imp = withProps(imp, { tagid: p.tagId || p.tagid || '' });
  if (p.bidfloor) out.bidfloor = p.bidfloor;
  if (imp.banner && p.position !== undefined) out.banner = withProps(imp.banner, { pos: p.position });
  return out;
}

/** The request as Taboola wants it: the publisher identity on the site and/or app, its blocked lists. */
function shapeRequest(request: Readonly<BidRequest>, p: Params): BidRequest {
  const id = p.publisherId ?? '';
  const out: BidRequest = copyForWrite(request);
  if (request.app) out.app = withProps(request.app, { id, publisher: { id } });
  if (request.site) {
    const domain = p.publisherDomain || request.site.domain;
    out.site = withProps(request.site, { id, name: id, publisher: { id }, domain: domain || undefined });
  }
  if (p.bcat) out.bcat = p.bcat;
  if (p.badv) out.badv = p.badv;
  if (p.pageType) out.ext = withProps(request.ext, { pageType: p.pageType });
  return out;
}

function requests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]> {
  // Params accumulate from imp to imp (a later imp's params override, absent ones carry over), and the
  // request-level ones are those of the last imp.
  let params: Params = {};
  const display: Imp[] = [];
  const native: Imp[] = [];
  const errors: BidderError[] = [];
  for (const imp of request.imp) {
    const read = readImpExt(imp);
    if ('error' in read) {
      errors.push(read.error);
      continue;
    }
    const invalid = stringParamError(read.parts.bidder, 'openrtb_ext.ImpExtTaboola', STRING_FIELDS);
    if (invalid) {
      errors.push(invalid);
      continue;
    }
    params = withProps(params, read.parts.bidder as Params);
    if (imp.banner) display.push(mapImp(imp, params));
    else if (imp.native) native.push(mapImp(imp, params));
  }
  if (errors.length) return { value: [], errors };
  const shaped = shapeRequest(request, params);
  const gvl = ctx.server.gvlId > 0 ? String(ctx.server.gvlId) : '';
  const publisherId = shaped.site?.id || shaped.app?.id || '';
  const calls: OutgoingRequest[] = [];
  for (const [mediaType, imps] of [
    ['native', native],
    ['display', display],
  ] as const) {
    if (imps.length === 0) continue;
    const uri = resolveEndpoint(ctx.endpoint, { MediaType: mediaType, GvlID: gvl, PublisherID: publisherId });
    // Taboola's calls carry no headers of their own.
    calls.push(postJson(uri, withProps(shaped, { imp: imps }), {}));
  }
  return { value: calls, errors: [] };
}

const IMP_TYPES: ImpTypeRule = {
  order: ['banner', 'native'],
  missing: (id) => `Failed to find banner/native impression "${id}" `,
};

export const adapter = createOrtbAdapter({
  requests,
  status: PUBLISHER_BAD_REQUEST,
  bidType: (bid, request) => typeFromImp(bid, request, IMP_TYPES),
  decorate: (typed) => withProps(typed, { bid: withAuctionPrice(typed.bid, ['nurl', 'adm', 'burl']) }),
});
