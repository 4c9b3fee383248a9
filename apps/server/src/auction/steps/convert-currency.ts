// Step 8 (money path): converts every bid to the ad-server currency (contract "Currency rules",
// notes §12 "Application"). A bid that can't be converted is dropped with an error on its bidder.
import type { RateSource } from '../../currency/rate-table.js';
import { createConverter, readRequestCurrency, selectRateSources } from '../../currency/converter.js';
import type { AuctionBid, AuctionContext, ResponseIssue } from '../types.js';
import { withBidPrice } from '../bid-price.js';

export interface ConvertCurrencyServices {
  /** The server's rates (url/file/static); undefined when none are configured. */
  serverRates?: RateSource;
}

export interface StepResult {
  bids: AuctionBid[];
  errors: Record<string, ResponseIssue[]>;
}

/** G: no-rate errors are code 999 (untyped). */
const NO_RATE_CODE = 999;

export async function convertCurrency(
  ctx: AuctionContext,
  bids: AuctionBid[],
  services: ConvertCurrencyServices,
): Promise<StepResult> {
  const req = readRequestCurrency(ctx.request.ext, ctx.ns);
  const converter = createConverter(selectRateSources(req, services.serverRates));
  const out: AuctionBid[] = [];
  const errors: Record<string, ResponseIssue[]> = {};
  for (const b of bids) {
    const from = b.originalCurrency || 'USD';
    if (from === ctx.currency) {
      out.push(b);
      continue;
    }
    const res = converter.convert(b.bid.price, from, ctx.currency);
    if (res.ok) {
      out.push(withBidPrice(b, res.price.toNumber()));
      continue;
    }
    // One entry per bidder and message: all of its bids share the currency (G reports it once).
    const list = (errors[b.bidder] ??= []);
    if (!list.some((e) => e.message === res.error)) list.push({ code: NO_RATE_CODE, message: res.error });
  }
  return { bids: out, errors };
}
