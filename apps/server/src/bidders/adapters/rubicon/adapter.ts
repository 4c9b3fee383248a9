// Rubicon (Magnite XAPI) adapter: one call per imp (per format with bidonmultiformat), authenticated
// with the host's XAPI login; account/site ids and targeting go into the rp extensions.
import type { App, BidRequest, Site, User } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, OutgoingRequest, TypedBid } from '../../types.js';
import { jsonHeaders, postJson } from '../../helpers/json-request.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { parseJson } from '../../helpers/parse-json.js';
import type { RubiconExtraInfo } from './info.js';
import { buildImp, isVideoImp, readParams, singleFormatImps, type RubiconParams } from './imp.js';
import { addDataAttributes, iabSegments, withIab, type Target } from './targeting.js';
import { readBids } from './bids.js';
import { copyForWrite, omitKeys, withProps } from '@gavel/common';
import { queryEscape } from '../../helpers/query-escape.js';

function xapiOf(ctx: AdapterContext): RubiconExtraInfo['xapi'] {
  const xapi = (ctx.extraInfo as Partial<RubiconExtraInfo> | undefined)?.xapi;
  return { username: xapi?.username ?? '', password: xapi?.password ?? '', tracker: xapi?.tracker ?? '' };
}

function rpUser(user: Readonly<User>, params: RubiconParams): User {
  const { yob: _yob, geo: _geo, gender: _gender, eids, consent, ext, ...rest } = user;
  const target: Target = { ...((ext?.rp as { target?: Target } | undefined)?.target ?? {}) };
  addDataAttributes(params.visitor, target);
  addDataAttributes(ext?.data, target);
  const full = withIab(target, iabSegments(user.data, [4]));
  const out: User = copyForWrite(rest);
  // The 2.6 locations win over the 2.5 ext ones.
  const userConsent = consent || ext?.consent;
  const userEids = (eids ?? ext?.eids) as unknown[] | undefined;
  out.ext = withProps(
    userConsent ? { consent: userConsent } : {},
    userEids?.length ? { eids: userEids } : {},
    {
      rp: { target: full },
    },
  );
  return out;
}

function rpSite(site: Readonly<Site>, params: RubiconParams): Site {
  const iab = iabSegments((site.content as { data?: unknown } | undefined)?.data, [1, 2, 5, 6]);
  const rp = { site_id: Number(params.siteId), ...(iab.length ? { target: { iab } } : {}) };
  const publisher = { ext: { rp: { account_id: Number(params.accountId) } } };
  return withProps(site, { ext: { rp }, publisher });
}

function rpApp(app: Readonly<App>, params: RubiconParams): App {
  const publisher = { ext: { rp: { account_id: Number(params.accountId) } } };
  return withProps(app, { ext: { rp: { site_id: Number(params.siteId) } }, publisher });
}

/** Supply chain and privacy signals travel in the 2.5 ext locations XAPI reads. */
function rpPrivacy(request: Readonly<BidRequest>, out: BidRequest): void {
  // The supply chain may come in its 2.6, 2.5 (source.ext) or 2.4 (request ext) location.
  const source = request.source;
  const schain = source?.schain ?? source?.ext?.schain ?? request.ext?.schain;
  if (schain) {
    const base = source ? omitKeys(source, ['schain']) : {};
    out.source = withProps(base, { ext: withProps(source?.ext, { schain }) });
  }
  const regs = request.regs;
  const gdpr = regs?.gdpr ?? regs?.ext?.gdpr;
  const usp = regs?.us_privacy || regs?.ext?.us_privacy;
  if (regs && (gdpr != null || usp)) {
    const ext = withProps(regs.ext, gdpr != null ? { gdpr } : {}, usp ? { us_privacy: usp } : {});
    out.regs = withProps(omitKeys(regs, ['gdpr', 'us_privacy']), { ext });
  }
}

const BADV_LIMIT = 50;

function rpRequest(request: Readonly<BidRequest>, params: RubiconParams): BidRequest {
  const out: BidRequest = omitKeys(request, ['cur', 'ext']);
  if (request.device)
    out.device = withProps(request.device, { ext: { rp: { pixelratio: request.device.pxratio ?? 0 } } });
  if (request.user) out.user = rpUser(request.user, params);
  if (request.site) out.site = rpSite(request.site, params);
  else if (request.app) out.app = rpApp(request.app, params);
  rpPrivacy(request, out);
  if (request.badv && request.badv.length > BADV_LIMIT) out.badv = request.badv.slice(0, BADV_LIMIT);
  return out;
}

/** The endpoint with the host's integration tracker added to its query (keys sorted, as Go encodes). */
function trackedUri(endpoint: string, tracker: string): string {
  const [base = '', query = ''] = endpoint.split(/\?(.*)/s, 2);
  const pairs = query
    .split('&')
    .filter(Boolean)
    .map((p) => p.split('=').map((x) => decodeURIComponent(x.replace(/\+/g, ' '))) as [string, string?]);
  pairs.push(['tk_xint', tracker]);
  const sorted = pairs
    .map(([k, v = ''], i) => ({ k, v, i }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i));
  return `${base}?${sorted.map(({ k, v }) => `${queryEscape(k)}=${queryEscape(v)}`).join('&')}`;
}

/** The limit of the request's first multibid entry. */
function maxBidsOf(request: Readonly<BidRequest>): number | undefined {
  const multibid = (request.ext?.prebid as { multibid?: { maxbids?: unknown }[] } | undefined)?.multibid;
  const maxbids = Array.isArray(multibid) ? multibid[0]?.maxbids : undefined;
  return typeof maxbids === 'number' ? maxbids : undefined;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const xapi = xapiOf(ctx);
    const uri = trackedUri(ctx.endpoint, xapi.tracker);
    const maxbids = maxBidsOf(request);
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
        const built = buildImp(single, read, { request, ctx, login: xapi.username, maxbids });
        if ('error' in built) errors.push(built.error);
        else
          calls.push(
            postJson(uri, withProps(rpRequest(request, read.params), { imp: [built.imp] }), headers),
          );
      }
    }
    return { value: calls, errors };
  },

  makeBids(request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const sent = parseJson<Partial<BidRequest>>(call.request.body ?? '{}');
    const sentImp = sent.ok ? sent.value.imp?.[0] : undefined;
    const type = sentImp && isVideoImp(sentImp) ? 'video' : sentImp?.banner ? 'banner' : 'native';
    const raw = parseJson<Parameters<typeof readBids>[1]>(call.response.body);
    const bids: TypedBid[] = readBids(opened.response, raw.ok ? raw.value : {}, {
      type,
      cpmOverride: cpmOverrides(request),
    });
    return { value: { currency: opened.response.cur || 'USD', bids }, errors: [] };
  },
};

/** Debug price overrides: per imp (params `debug.cpmoverride`), else the request's rubicon-wide one. */
function cpmOverrides(request: Readonly<BidRequest>): (impid: string) => number {
  const prebid = request.ext?.prebid as
    { bidders?: { rubicon?: { debug?: { cpmoverride?: unknown } } } } | undefined;
  const global = prebid?.bidders?.rubicon?.debug?.cpmoverride;
  const fallback = typeof global === 'number' ? global : 0;
  return (impid) => {
    const imp = request.imp.find((i) => i.id === impid);
    const own = (imp?.ext?.bidder as { debug?: { cpmoverride?: unknown } } | undefined)?.debug?.cpmoverride;
    return typeof own === 'number' && own !== 0 ? own : fallback;
  };
}
