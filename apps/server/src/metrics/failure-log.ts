// Warn lines for failed bidder calls, sampled per bidder under flood: at most `perSecond` lines a
// second for one bidder; the rest are counted and reported in one line when the window closes
// (a timer, or the bidder's next failure, whichever comes first).
import type { Clock, Logger } from '@gavel/common';
import type { FailedCall } from '../bidders/run-adapter.js';

export interface FailureLogOptions {
  logger: Logger;
  clock: Clock;
  /** Lines per bidder per second before sampling. */
  perSecond: number;
}

const WINDOW_MS = 1000;

/** One bidder's sampling window. */
export class FailureSampler {
  #windowStart = Number.NEGATIVE_INFINITY;
  #logged = 0;
  #suppressed = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly adapter: string,
    private readonly o: FailureLogOptions,
  ) {}

  log(call: FailedCall, bidder: string, requestId: string): void {
    const now = this.o.clock.monotonic();
    if (now - this.#windowStart >= WINDOW_MS) {
      this.flush();
      this.#windowStart = now;
      this.#logged = 0;
    }
    if (this.#logged < this.o.perSecond) {
      this.#logged++;
      this.o.logger.warn(
        {
          adapter: this.adapter,
          bidder,
          kind: call.kind,
          status: call.status,
          ms: Math.round(call.ms),
          reqId: requestId,
          err: call.message,
        },
        'bidder call failed',
      );
      return;
    }
    this.#suppressed++;
    if (this.#timer === undefined) {
      const left = Math.max(0, Math.ceil(this.#windowStart + WINDOW_MS - now));
      this.#timer = setTimeout(() => this.flush(), left);
      this.#timer.unref();
    }
  }

  /** Reports the failures not logged in the window (if any). */
  flush(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#suppressed === 0) return;
    this.o.logger.warn(
      { adapter: this.adapter, suppressed: this.#suppressed, perSecond: this.o.perSecond },
      'bidder call failures not logged (rate limit)',
    );
    this.#suppressed = 0;
  }
}
