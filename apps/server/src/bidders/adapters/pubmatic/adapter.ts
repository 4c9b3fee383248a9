// PubMatic adapter: one call for all valid imps; publisher id → site/app publisher, the OpenWrap
// wrapper (request bidderparams, else first imp) and allowed categories/marketplace → request ext.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, TypedBid } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids } from '../../helpers/bid-response.js';
import { translateImp, type PubmaticParams } from './imp.js';
import { readBids } from './bids.js';
import { withProps } from '@gavel/common';

type Wrapper = NonNullable<PubmaticParams['wrapper']> & { biddercode?: string };
type Prebid = { bidderparams?: { wrapper?: Wrapper; acat?: string[] }; aliases?: Record<string, string> };
type Abc = {
  enabled?: boolean;
  bidders?: Record<string, { enabled?: boolean; allowedbiddercodes?: string[] }>;
};

function marketplace(abc: Abc | undefined, code: string): { allowedbidders: string[] } | undefined {
  if (!abc) return undefined;
  const own = abc.enabled ? abc.bidders?.[code] : undefined;
  if (!own?.enabled) return { allowedbidders: [code] };
  const codes = own.allowedbiddercodes;
  if (!codes || (codes.length === 1 && codes[0] === '*')) return { allowedbidders: ['all'] };
  return { allowedbidders: [code, ...codes] };
}

/** The name PubMatic reports for this call: the alias the request declares for us, else our code. */
function bidderCode(prebid: Prebid | undefined, ctx: AdapterContext): string {
  if (ctx.bidder !== 'pubmatic') return ctx.bidder;
  const alias = Object.entries(prebid?.aliases ?? {}).find(([, of]) => of === 'pubmatic');
  return alias?.[0] ?? 'pubmatic';
}

function displayManager(request: Readonly<BidRequest>): { source: string; version: string } | undefined {
  const ext = request.app?.ext as
    { prebid?: Record<string, unknown>; source?: unknown; version?: unknown } | undefined;
  for (const from of [ext?.prebid, ext]) {
    if (typeof from?.source === 'string' && from.source && typeof from.version === 'string' && from.version) {
      return { source: from.source, version: from.version };
    }
  }
  return undefined;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const errors: BidderError[] = [];
    const imps: Imp[] = [];
    const prebid = request.ext?.prebid as (Prebid & { alternatebiddercodes?: Abc }) | undefined;
    const fromRequest = prebid?.bidderparams?.wrapper;
    let wrapper: Wrapper | undefined = fromRequest ? { ...fromRequest } : undefined;
    let wrapperDone = Boolean(wrapper?.profile && wrapper.version);
    let pubId: string | undefined;
    const dm = displayManager(request);
    for (const imp of request.imp) {
      const out = translateImp(imp);
      if ('message' in out) {
        errors.push(out);
        continue;
      }
      if (dm && !out.imp.displaymanager && !out.imp.displaymanagerver)
        Object.assign(out.imp, { displaymanager: dm.source, displaymanagerver: dm.version });
      imps.push(out.imp);
      // Imps fill in what the wrapper still lacks until it has both a profile and a version.
      if (!wrapperDone && out.params.wrapper) {
        const filled: Wrapper = withProps(wrapper, {
          profile: wrapper?.profile || out.params.wrapper.profile,
          version: wrapper?.version || out.params.wrapper.version,
        });
        wrapper = filled;
        wrapperDone = Boolean(filled.profile && filled.version);
      }
      if (!pubId) pubId = out.params.publisherId?.trim();
    }
    if (imps.length === 0) return { value: [], errors };
    const ext: Record<string, unknown> = {};
    if (request.ext) wrapper = withProps(wrapper, { biddercode: bidderCode(prebid, ctx) });
    if (wrapper) ext.wrapper = wrapper;
    const acat = prebid?.bidderparams?.acat?.map((c) => c.trim());
    if (acat?.length) ext.acat = acat;
    const market = marketplace(prebid?.alternatebiddercodes, 'pubmatic');
    if (market) ext.marketplace = market;
    const body: BidRequest = withProps(request, { imp: imps, ext });
    const publisherId = pubId ?? '';
    if (request.site)
      body.site = withProps(request.site, {
        publisher: withProps(request.site.publisher, { id: publisherId }),
      });
    else if (request.app)
      body.app = withProps(request.app, { publisher: withProps(request.app.publisher, { id: publisherId }) });
    return { value: [postJson(ctx.endpoint, body)], errors };
  },

  makeBids(_request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const { bids, errors }: { bids: TypedBid[]; errors: BidderError[] } = readBids(allBids(opened.response));
    // Protected-audience configs arrive keyed by imp id.
    const configs = opened.response.ext?.fledge_auction_configs as Record<string, unknown> | undefined;
    const fledge =
      configs &&
      Object.keys(configs)
        .sort()
        .map((impid) => ({ impid, config: configs[impid] }));
    const value = {
      currency: opened.response.cur || 'USD',
      bids,
      ...(fledge ? { fledgeAuctionConfigs: fledge } : {}),
    };
    return { value, errors };
  },
};
