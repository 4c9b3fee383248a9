// Step 8c: rule-based bid adjustments (`ext.<ns>.bidadjustments` over the account's; bidadjustments/),
// after the factors and the conversion, as upstream's bidder layer does. Prices stay in the ad-server
// currency: a `static` rule in another currency is converted back (J).
import { withBidPrice } from '../bid-price.js';
import { applyBidAdjustments, resolveBidAdjustmentsKept, ruleMediaType } from '../../bidadjustments/index.js';
import type { Converter } from '../../currency/converter.js';
import type { Imp } from '../../openrtb/types.js';
import type { AuctionBid, AuctionContext, ResponseIssue } from '../types.js';

export interface AdjustRulesResult {
  bids: AuctionBid[];
  /** Request-level warnings (10008: an invalid request or account block was ignored). */
  warnings: ResponseIssue[];
}

function impOf(ctx: AuctionContext, impId: string): Imp | undefined {
  for (const imp of ctx.request.imp) if (imp.id === impId) return imp;
  return undefined;
}

export function adjustBidRules(
  ctx: AuctionContext,
  bids: AuctionBid[],
  converter: Converter,
): AdjustRulesResult {
  const raw = (ctx.request.ext?.[ctx.ns] as Record<string, unknown> | undefined)?.['bidadjustments'];
  if (raw === undefined && !ctx.account.bidAdjustments) return { bids, warnings: [] };
  const resolved = resolveBidAdjustmentsKept({ request: raw, account: ctx.account.bidAdjustments });
  if (resolved.rules.size === 0) return { bids, warnings: resolved.warnings };
  const out = bids.map((ab) => {
    const adjusted = applyBidAdjustments({
      rules: resolved.rules,
      bidder: ab.bidder,
      // Only a video bid's type depends on its imp (instream or outstream).
      mediaType: ruleMediaType(ab.type, ab.type === 'video' ? impOf(ctx, ab.bid.impid) : undefined),
      dealId: ab.bid.dealid || undefined,
      price: ab.bid.price,
      currency: ctx.currency,
      converter,
    });
    if (!adjusted.matched) return ab;
    let price = adjusted.price;
    if (adjusted.currency !== ctx.currency) {
      // A number stands for its exact decimal form here, as a Decimal does (AdjustedPrice).
      const back = converter.convert(price, adjusted.currency, ctx.currency);
      if (!back.ok) return ab;
      price = back.price;
    }
    const final = typeof price === 'number' ? price : price.toNumber();
    return withBidPrice(ab, final);
  });
  return { bids: out, warnings: resolved.warnings };
}
