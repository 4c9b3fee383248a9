// Step 10 (money path): stores bids and VAST in the cache service (contract "Caching", "Limits"
// variant J TTL order; notes §11). Best effort: a failure leaves no cache ids and one error entry.
import type { CacheClient, CachePut } from '../../cache-client/cache-client.js';
import { resolveTtl, type TtlByType } from '../../cache-client/ttl.js';
import { vastOf } from '../../cache-client/vast.js';
import { readTargeting } from '../../targeting/targeting-config.js';
import type { AuctionBid, AuctionContext, ResponseIssue } from '../types.js';
import { withProps } from '@gavel/common';
import { cachedBidWithWinUrl } from '../../events/auction/index.js';

export interface CacheBidsServices {
  /** Undefined when `cache.host` is not configured. */
  cacheClient?: CacheClient;
  /** Host default TTLs per media type (`cache.default-ttl-seconds`). */
  defaultTtl: TtlByType;
}

export interface CacheBidsResult {
  bids: AuctionBid[];
  errors: Record<string, ResponseIssue[]>;
}

interface CacheKind {
  ttlseconds?: unknown;
  returnCreative: boolean;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readKind(v: unknown): CacheKind | undefined {
  if (!isRecord(v)) return undefined;
  return { ttlseconds: v.ttlseconds, returnCreative: v.returnCreative !== false };
}

/** What the request asks to cache: `ext.{ns}.cache.bids` / `.vastxml`. */
export function readCacheRequest(ctx: AuctionContext): { bids?: CacheKind; vastxml?: CacheKind } {
  const nsExt = ctx.request.ext?.[ctx.ns];
  const cache = isRecord(nsExt) ? nsExt.cache : undefined;
  if (!isRecord(cache)) return {};
  return { bids: readKind(cache.bids), vastxml: readKind(cache.vastxml) };
}

interface Slot {
  bid: number;
  kind: 'bids' | 'vastXml';
}

interface CacheIdsInput {
  bids: AuctionBid[];
  slots: readonly Slot[];
  ids: readonly string[];
  client: CacheClient;
  want: ReturnType<typeof readCacheRequest>;
}

/** The bids with the ids the cache gave them (`bid.ext.<ns>.cache`), adm dropped where asked. */
function withCacheIds({ bids, slots, ids, client, want }: CacheIdsInput): AuctionBid[] {
  const out = bids.slice();
  slots.forEach((slot, p) => {
    const id = ids[p];
    const b = out[slot.bid];
    if (!id || !b) return;
    const cache = withProps(b.cache, { [slot.kind]: { url: client.publicUrl(id), cacheId: id } });
    // A bidder-layer bid has the key (auction-bid.ts): a spread that replaces it, V8's fast clone.
    const next: AuctionBid = 'cache' in b ? { ...b, cache } : withProps(b, { cache });
    // J: returnCreative false strips adm only from bids that got an id of that kind.
    const kind = slot.kind === 'bids' ? want.bids : want.vastxml;
    if (kind && !kind.returnCreative && next.bid.adm !== undefined) {
      const { adm: _adm, ...rest } = next.bid;
      next.bid = rest;
    }
    out[slot.bid] = next;
  });
  return out;
}

export async function cacheBids(
  ctx: AuctionContext,
  bids: AuctionBid[],
  services: CacheBidsServices,
): Promise<CacheBidsResult> {
  const targeting = readTargeting(ctx.request.ext, ctx.ns, ctx.account.priceGranularity);
  const want = readCacheRequest(ctx);
  // Contract "Caching" rule 1: no effect without targeting; with no keys asked nothing refers to ids.
  if (!targeting || (!want.bids && !want.vastxml)) return { bids, errors: {} };
  if (!targeting.includeWinners && !targeting.includeBidderKeys) return { bids, errors: {} };
  const selected = (b: AuctionBid) =>
    (targeting.includeWinners && b.winner === true) || (targeting.includeBidderKeys && b.bidderTop === true);
  const client = services.cacheClient;
  if (!client) {
    // Nothing to put without a cache service: an error when there was something to put.
    const puts = (b: AuctionBid) =>
      selected(b) && (!!want.bids || (!!want.vastxml && b.type === 'video' && vastOf(b.bid) !== undefined));
    if (!bids.some(puts)) return { bids, errors: {} };
    const message = 'Cache call failed: no cache service is configured (cache.host)';
    return { bids, errors: { [ctx.ns]: [{ code: 999, message }] } };
  }
  const impExp = new Map(ctx.request.imp.map((imp) => [imp.id, imp.exp]));
  const puts: CachePut[] = [];
  const slots: Slot[] = [];
  bids.forEach((b, i) => {
    if (!selected(b)) return;
    const ttl = (requestTtl: unknown) =>
      resolveTtl({
        bidExp: b.bid.exp,
        impExp: impExp.get(b.bid.impid),
        requestTtl,
        type: b.type,
        account: ctx.account.cacheTtl,
        host: services.defaultTtl,
      });
    if (want.bids) {
      // The cached bid carries its win URL as `wurl` when events are on (G).
      puts.push({
        type: 'json',
        value: cachedBidWithWinUrl(b.bid, b.events),
        ttlseconds: ttl(want.bids.ttlseconds),
      });
      slots.push({ bid: i, kind: 'bids' });
    }
    const vast = want.vastxml && b.type === 'video' ? vastOf(b.bid) : undefined;
    if (want.vastxml && vast !== undefined) {
      puts.push({ type: 'xml', value: vast, ttlseconds: ttl(want.vastxml.ttlseconds) });
      slots.push({ bid: i, kind: 'vastXml' });
    }
  });
  if (puts.length === 0) return { bids, errors: {} };
  const res = await client.put(puts);
  if (!res.ok) return { bids, errors: { [ctx.ns]: [{ code: 999, message: res.error }] } };
  const out = withCacheIds({ bids, slots, ids: res.ids, client, want });
  return { bids: out, errors: {} };
}
