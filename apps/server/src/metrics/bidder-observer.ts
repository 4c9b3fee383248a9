// What the auction calls per bidder: counts one adapter run into the bidder's cells and logs its
// failed HTTP calls (sampled). One object per registered bidder code, made on its first call.
import type { AdapterRun, BidderCallObserver, FailedCall } from '../bidders/run-adapter.js';
import { isTransportFailure } from '../bidders/run-adapter.js';
import {
  ADAPTER_ERROR_KINDS,
  adapterErrorKind,
  type AdapterErrorKind,
  type BidderCells,
} from './bidder-metrics.js';
import type { FailureSampler } from './failure-log.js';

/** `(amount, from, to) → amount`: the auction's converter (throws when no rate is known). */
export type ConvertCurrency = (amount: number, from: string, to: string) => number;

// Bit per error kind, so a run counts each kind once (upstream's errorsToMetric is a set).
const KIND_BIT: Readonly<Record<AdapterErrorKind, number>> = Object.fromEntries(
  ADAPTER_ERROR_KINDS.map((k, i) => [k, 1 << i]),
) as Record<AdapterErrorKind, number>;

export class BidderObserver implements BidderCallObserver {
  constructor(
    readonly cells: BidderCells,
    private readonly failures: FailureSampler,
  ) {}

  callFailed(call: FailedCall, bidder: string, requestId: string): void {
    this.failures.log(call, bidder, requestId);
  }

  /** Logs the failures sampled away in the current window (shutdown). */
  flushLog(): void {
    this.failures.flush();
  }

  /** One bidder's part of one auction (after its calls and makeBids). */
  recordRun(run: AdapterRun, convert: ConvertCurrency): void {
    const c = this.cells;
    const bids = run.bids;
    if (bids.length > 0) c.withBids.inc();
    else {
      c.withoutBids.inc();
      if (run.errors.length === 0) c.noBids.inc();
    }
    for (const b of bids) {
      const bid = b.typed.bid;
      (bid.adm ? c.bidsAdm : c.bidsNurl)[b.type].inc();
      const price = b.currency === 'USD' ? bid.price : usd(bid.price, b.currency, convert);
      if (Number.isFinite(price)) c.prices.observe(price);
    }
    if (run.errors.length > 0) this.#countErrors(run.errors);
    if (run.responseTimeMs !== undefined) c.requestTime.observe(run.responseTimeMs / 1000);
  }

  #countErrors(errors: AdapterRun['errors']): void {
    let seen = 0;
    for (const e of errors) {
      const kind = isTransportFailure(e) ? 'network' : adapterErrorKind(e.code);
      const bit = KIND_BIT[kind];
      if ((seen & bit) !== 0) continue;
      seen |= bit;
      this.cells.errors[kind].inc();
    }
  }
}

function usd(price: number, currency: string, convert: ConvertCurrency): number {
  try {
    return convert(price, currency, 'USD');
  } catch {
    return Number.NaN;
  }
}
