// Rubicon (Magnite XAPI) adapter: one call per imp (per format with bidonmultiformat), authenticated
// with the host's XAPI login; account/site ids and targeting go into the rp extensions.
import type { App, BidRequest, Site, User } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, OutgoingRequest, TypedBid } from '../../types.js';
import { jsonHeaders, postJson } from '../../helpers/json-request.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { parseJson } from '../../helpers/parse-json.js';
import type { RubiconExtraInfo } from './info.js';
import { buildImp, readParams, singleFormatImps, type RubiconParams } from './imp.js';
import { addDataAttributes, iabSegments, withIab, type Target } from './targeting.js';
import { readBids } from './bids.js';
import { withProps } from '@gavel/common';

function xapiOf(ctx: AdapterContext): RubiconExtraInfo['xapi'] {
  const xapi = (ctx.extraInfo as Partial<RubiconExtraInfo> | undefined)?.xapi;
  return { username: xapi?.username ?? '', password: xapi?.password ?? '', tracker: xapi?.tracker ?? '' };
}

type Eid = { source?: string; uids?: { id?: string; ext?: { stype?: string } }[] };

/** Magnite's own id among the eids (a ppuid/other uid of rubiconproject.com) stands in for buyeruid. */
function buyerUidOf(eids: Eid[]): string | undefined {
  const own = eids.filter((e) => e.source === 'rubiconproject.com').flatMap((e) => e.uids ?? []);
  return own.find((u) => u.ext?.stype === 'ppuid' || u.ext?.stype === 'other')?.id;
}

function rpUser(user: Readonly<User>, params: RubiconParams): User {
  const { yob: _yob, geo: _geo, gender: _gender, eids, consent, ext, ...rest } = user;
  const target: Target = { ...((ext?.rp as { target?: Target } | undefined)?.target ?? {}) };
  addDataAttributes(params.visitor, target);
  addDataAttributes(ext?.data, target);
  const full = withIab(target, iabSegments(user.data, [4]));
  const out: User = { ...rest };
  const buyeruid = user.buyeruid || (eids?.length ? buyerUidOf(eids as Eid[]) : undefined);
  if (buyeruid) out.buyeruid = buyeruid;
  const userConsent = consent || ext?.consent;
  out.ext = withProps(userConsent ? { consent: userConsent } : {}, eids?.length ? { eids } : {}, {
    rp: Object.keys(full).length ? { target: full } : {},
  });
  return out;
}

function rpSite(site: Readonly<Site>, params: RubiconParams): Site {
  const iab = iabSegments((site.content as { data?: unknown } | undefined)?.data, [1, 2, 5, 6]);
  const rp = { site_id: Number(params.siteId), ...(iab.length ? { target: { iab } } : {}) };
  const publisher = withProps(site.publisher, { ext: { rp: { account_id: Number(params.accountId) } } });
  return withProps(site, { ext: { rp }, publisher });
}

function rpApp(app: Readonly<App>, params: RubiconParams): App {
  const publisher = withProps(app.publisher, { ext: { rp: { account_id: Number(params.accountId) } } });
  return withProps(app, { ext: { rp: { site_id: Number(params.siteId) } }, publisher });
}

function rpRequest(request: Readonly<BidRequest>, params: RubiconParams): BidRequest {
  const out: BidRequest = { ...request };
  if (request.device)
    out.device = withProps(request.device, { ext: { rp: { pixelratio: request.device.pxratio ?? 0 } } });
  if (request.user) out.user = rpUser(request.user, params);
  if (request.site) out.site = rpSite(request.site, params);
  else if (request.app) out.app = rpApp(request.app, params);
  return out;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const xapi = xapiOf(ctx);
    const uri = `${ctx.endpoint}?tk_xint=${xapi.tracker}`;
    const headers: Record<string, string[]> = withProps(jsonHeaders(), {
      'User-Agent': ['prebid-server/1.0'],
    });
    headers.Authorization = [`Basic ${btoa(`${xapi.username}:${xapi.password}`)}`];
    const errors: BidderError[] = [];
    const calls: OutgoingRequest[] = [];
    for (const imp of request.imp) {
      const read = readParams(imp);
      if ('message' in read) {
        errors.push(read);
        continue;
      }
      for (const single of singleFormatImps(imp, read.params.bidonmultiformat === true)) {
        const built = buildImp(single, read, { request, ctx, login: xapi.username });
        if ('error' in built) errors.push(built.error);
        else
          calls.push(
            postJson(uri, withProps(rpRequest(request, read.params), { imp: [built.imp] }), headers),
          );
      }
    }
    return { value: calls, errors };
  },

  makeBids(_request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const sent = JSON.parse(call.request.body ?? '{}') as Partial<BidRequest>;
    const sentImp = sent.imp?.[0];
    const type = sentImp?.video ? 'video' : sentImp?.native ? 'native' : 'banner';
    const raw = parseJson<Parameters<typeof readBids>[1]>(call.response.body);
    const bids: TypedBid[] = readBids(opened.response, raw.ok ? raw.value : {}, type);
    return { value: { currency: opened.response.cur || 'USD', bids }, errors: [] };
  },
};
