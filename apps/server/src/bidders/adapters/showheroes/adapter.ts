// ShowHeroes: a site needs a page URL, an app a bundle. Each imp sends its params also as
// `ext.params`, its floor in EUR and, when it names none, the request's channel as display manager;
// the source ext states the server version. Bids are banner when `mtype` says so, else video.
import type { BidRequest, Imp, Source } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { jsonHeaders, postJson } from '../../helpers/json-request.js';
import { mapImps } from '../../helpers/imp-requests.js';
import { omitKeys, withProps } from '@gavel/common';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const fail = (message: string): BidderError => ({ code: ERROR_CODE.badInput, message });
const optionalString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';

function invalidRequest(request: Readonly<BidRequest>): BidderError | undefined {
  if (request.site && !request.site.page) return fail("site request doesn't have a page URL");
  if (request.app && !request.app.bundle) return fail("app request doesn't have a bundle ID");
  if (!request.site && !request.app) return fail('request must contain a site or an app');
  return undefined;
}

/** The imp ext as ShowHeroes reads it: prebid, bidder, gpid, tid, data, plus the params copy. */
function impExt(ext: unknown): Json | undefined {
  if (!isObject(ext)) return undefined;
  const bidder = ext.bidder ?? {};
  if (!isObject(bidder) || !optionalString(bidder.unitId)) return undefined;
  if (!optionalString(ext.gpid) || !optionalString(ext.tid)) return undefined;
  if (ext.prebid !== undefined && ext.prebid !== null && !isObject(ext.prebid)) return undefined;
  const unitId = typeof bidder.unitId === 'string' ? bidder.unitId : '';
  const out: Json = {};
  if (ext.prebid) out.prebid = ext.prebid;
  out.bidder = { unitId };
  if (ext.gpid) out.gpid = ext.gpid;
  if (ext.tid) out.tid = ext.tid;
  if (ext.data !== undefined && ext.data !== null) out.data = ext.data;
  out.params = { unitId };
  return out;
}

function channelOf(request: Readonly<BidRequest>): { name: string; version: string } {
  const prebid = (request.ext as { prebid?: { channel?: { name?: unknown; version?: unknown } } } | undefined)
    ?.prebid;
  const channel = isObject(prebid) && isObject(prebid.channel) ? prebid.channel : {};
  return {
    name: typeof channel.name === 'string' ? channel.name : '',
    version: typeof channel.version === 'string' ? channel.version : '',
  };
}

function mapImp(imp: Readonly<Imp>, ctx: AdapterContext, channel: { name: string; version: string }) {
  const ext = impExt(imp.ext);
  if (!ext) return fail('Error parsing bidder params');
  const changes: Partial<Imp> = { ext };
  if (imp.bidfloor && imp.bidfloorcur !== 'EUR') {
    try {
      changes.bidfloor = ctx.convertCurrency(imp.bidfloor, imp.bidfloorcur || 'USD', 'EUR');
      changes.bidfloorcur = 'EUR';
    } catch (err) {
      return fail((err as Error).message);
    }
  }
  if (!imp.displaymanager) {
    // Empty values are not written (as upstream encodes them).
    if (channel.name) changes.displaymanager = channel.name;
    if (channel.version) changes.displaymanagerver = channel.version;
    else if (imp.displaymanagerver) return withProps(omitKeys(imp, ['displaymanagerver']), changes);
  }
  return withProps(imp, changes);
}

/** The source with `ext.pbs` naming the server version (left alone when its ext is not an object). */
function withVersion(source: Readonly<Source> | undefined, version: string): Source {
  const base: Source = source ? withProps(source, {}) : {};
  if (base.ext !== undefined && base.ext !== null && !isObject(base.ext)) return base;
  const ext = withProps(base.ext ?? {}, { pbs: { pbsv: version || 'unknown', pbsp: 'go' } });
  return withProps(base, { ext });
}

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    const invalid = invalidRequest(request);
    if (invalid) return { value: [], errors: [invalid] };
    const channel = channelOf(request);
    const { imps, errors } = mapImps(request, (imp) => mapImp(imp, ctx, channel));
    if (imps.length === 0) return { value: [], errors };
    const body: BidRequest = withProps(request, {
      imp: imps,
      source: withVersion(request.source, ctx.version),
    });
    return { value: [postJson(ctx.endpoint, body, jsonHeaders())], errors };
  },
  status: {
    template: { badRequest: 'unexpected status code: {status}', other: 'unexpected status code: {status}' },
  },
  bidType: (bid) => (bid.mtype === 1 ? 'banner' : 'video'),
});
