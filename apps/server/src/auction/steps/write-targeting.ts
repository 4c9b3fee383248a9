// Step 11 (money path): writes `hb_*` keys into each winning / top bid (contract "Targeting keys",
// "Caching" rules 3–4; notes §10), cache keys only for bids that got a cache id, keys ≤ 20 chars.
import { buildKeys } from '../../targeting/build-keys.js';
import { readTargeting } from '../../targeting/targeting-config.js';
import { targetingKeySettings } from '../../targeting/key-settings.js';
import type { AuctionBid, AuctionContext, ResponseIssue } from '../types.js';
import { withProps } from '@gavel/common';

export interface WriteTargetingServices {
  /** `hb_cache_host` / `hb_cache_path` values (the public cache location). */
  cacheHost: string;
  cachePath: string;
  /** `hb_cache_host`/`hb_cache_path` on every targeted bid, cached or not (upstream Go). */
  cacheKeysAlways?: boolean;
}

export interface WriteTargetingResult {
  bids: AuctionBid[];
  errors: Record<string, ResponseIssue[]>;
  /** Prefix and key-length problems (warnings 10015/10016, ext.warnings.general). */
  warnings: ResponseIssue[];
}

/** `hb_env`: `amp` on the AMP endpoint, `mobile-app` for app requests (notes §10). */
function envOf(ctx: AuctionContext): string | undefined {
  if (ctx.endpoint === 'amp') return 'amp';
  return ctx.request.app ? 'mobile-app' : undefined;
}

export async function writeTargeting(
  ctx: AuctionContext,
  bids: AuctionBid[],
  services: WriteTargetingServices,
): Promise<WriteTargetingResult> {
  const t = readTargeting(ctx.request.ext, ctx.ns, ctx.account.priceGranularity);
  if (!t) return { bids, errors: {}, warnings: [] };
  const keys = targetingKeySettings({
    requestPrefix: t.prefix,
    accountPrefix: ctx.account.targetingPrefix,
    truncateTargetAttr: ctx.account.truncateTargetAttr,
  });
  const env = envOf(ctx);
  const out = bids.map((b) => {
    const asWinner = t.includeWinners && b.winner === true;
    const hasDeal = typeof b.bid.dealid === 'string' && b.bid.dealid !== '';
    // Only bids the rank step gave a targeting code (a seat's top bid, multibid extras) get bidder keys.
    const code = b.targetingCode;
    const asBidder = code !== undefined && (t.includeBidderKeys || (t.alwaysIncludeDeals && hasDeal));
    if (!asWinner && !asBidder) return b;
    const bidsId = b.cache?.bids?.cacheId;
    const vastId = b.cache?.vastXml?.cacheId;
    const targeting = buildKeys(
      {
        bidder: b.bidder,
        seat: code ?? b.seat,
        type: b.type,
        bid: b.bid,
        priceBucket: b.priceBucket ?? '0.00',
        ...(b.categoryDuration !== undefined ? { categoryDuration: b.categoryDuration } : {}),
      },
      {
        prefix: keys.prefix,
        maxKeyLength: keys.maxKeyLength,
        asWinner,
        asBidder,
        includeFormat: t.includeFormat,
        env,
        cache:
          bidsId !== undefined || vastId !== undefined || services.cacheKeysAlways === true
            ? {
                bidsId,
                vastId,
                host: services.cacheHost,
                path: services.cachePath,
                always: services.cacheKeysAlways === true,
              }
            : undefined,
      },
    );
    // The rank step left the key in place: a spread replacing it is V8's fast clone (types.ts).
    return 'targeting' in b ? { ...b, targeting } : withProps(b, { targeting });
  });
  return { bids: out, errors: {}, warnings: keys.warnings };
}
