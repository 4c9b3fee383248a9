// The HTTP adapter (after G analytics/pubstack eventchannel and J PubstackEventHandler: batches by count
// and by time, POSTed to a collector, each batch on its own while others are queued), with what neither
// upstream has: at most `maxInFlight` batches posted at once, retries with exponential back-off and
// jitter, and a bounded queue in front. Whatever the collector does, memory holds at most `queueSize`
// events plus the batches in flight; the rest is dropped and counted (`queue_full`, `send_failed`
// after the last retry, `closed` at shutdown).
import { BatchQueue, DEFAULT_BATCH_BYTES, type Batch } from '../batch.js';
import { realTimers } from '../queue.js';
import { eventJson } from '../serialize.js';
import type {
  AnalyticsAdapter,
  AnalyticsEvent,
  AnalyticsLogger,
  AnalyticsTimers,
  DropSink,
} from '../types.js';
import { createUndiciPoster, type HttpPost } from './transport.js';

export interface HttpAdapterOptions {
  /** Collector URL: each batch is POSTed here as a JSON array of events. */
  url: string;
  /** Adapter name (`ext.<ns>.analytics` key, activity component, metrics label). Default `http`. */
  name?: string;
  /** Events per POST at most; a full batch is sent at once (default 100). */
  batchSize?: number;
  /** A batch takes no more events once its body holds this many bytes (default 1 MiB). */
  batchBytes?: number;
  /** A partial batch is sent this long after its first event (default 1000 ms). */
  batchIntervalMs?: number;
  /** Retries of a failed POST (network error, timeout, 429, 5xx) before the batch is dropped (default 3). */
  maxRetries?: number;
  /** First back-off delay; doubles per retry, up to retryMaxMs, jittered to 50–100 % (default 500 ms). */
  retryInitialMs?: number;
  retryMaxMs?: number;
  /** Per attempt (default 5000 ms); also how long close waits for the last batches. */
  timeoutMs?: number;
  /**
   * Batches posted at once at most, retries included (default 4, each on its own connection): one
   * at a time, a batch of 1 MiB per collector round trip is all a busy server could send.
   */
  maxInFlight?: number;
  /** Events waiting at most (default 10000). */
  queueSize?: number;
  headers?: Readonly<Record<string, string>>;
  onDrop?: DropSink;
  logger?: AnalyticsLogger;
  timers?: AnalyticsTimers;
  /** [0, 1) for the jitter; default Math.random. */
  random?: () => number;
  /** Replaces the undici transport (tests). */
  post?: HttpPost;
}

export interface HttpAdapter extends AnalyticsAdapter {
  /** Resolves once nothing is queued or in flight. */
  idle(): Promise<void>;
  /** Events queued now (not counting the batches in flight). */
  queued(): number;
}

/** Each batch is a JSON array: `[` when it starts, `,` between events, `]` when it is sent. */
const ARRAY_FRAME = { open: '[', separator: ',' };

/** Batches in flight at most when the options do not say. */
export const DEFAULT_MAX_IN_FLIGHT = 4;

/** 2xx: delivered; 429 and 5xx: worth a retry; any other status: the collector refuses the batch. */
const retryable = (status: number): boolean => status === 429 || status >= 500;

class HttpBatcher {
  readonly name: string;
  /**
   * Events serialised when accepted, straight into the batch they will be posted in (batch.ts): a
   * batch waits up to its interval, and the waiting events hold neither the auctions' objects nor
   * buffers of their own.
   */
  private readonly queue: BatchQueue;
  private readonly timers: AnalyticsTimers;
  private readonly drop: DropSink;
  private readonly post: HttpPost;
  private readonly closeTransport: () => Promise<void>;
  private readonly maxInFlight: number;
  private batchTimer: unknown;
  /** The batch timer is set to fire at once (a batch is ready): later accepts leave it be. */
  private batchTimerNow = false;
  /** Batches waiting for their next attempt: the timer, and the attempt (close runs it at once). */
  private readonly retries = new Map<Batch, { handle: unknown; run: () => void }>();
  private readonly aborts = new Set<AbortController>();
  /** Batches posted and not yet done (sent, or dropped after the last retry), retries included. */
  private inFlight = 0;
  private closing = false;
  private waiters: (() => void)[] = [];

  constructor(private readonly o: HttpAdapterOptions) {
    this.name = o.name ?? 'http';
    this.queue = new BatchQueue(o.queueSize ?? 10_000, Math.max(1, o.batchSize ?? 100), {
      frame: ARRAY_FRAME,
      batchBytes: o.batchBytes ?? DEFAULT_BATCH_BYTES,
    });
    this.timers = o.timers ?? realTimers;
    this.drop = o.onDrop ?? (() => undefined);
    this.maxInFlight = Math.max(1, o.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
    const timeoutMs = o.timeoutMs ?? 5000;
    if (o.post) {
      this.post = o.post;
      this.closeTransport = () => Promise.resolve();
    } else {
      const poster = createUndiciPoster({
        url: o.url,
        headers: o.headers,
        timeoutMs,
        connections: this.maxInFlight,
      });
      this.post = poster.post;
      this.closeTransport = () => poster.close();
    }
  }

  accept(event: AnalyticsEvent): boolean {
    if (this.closing || this.queue.length === this.queue.capacity) return false;
    const json = eventJson(event);
    if (json === undefined) {
      this.drop(1, 'serialize_error');
      return true;
    }
    this.queue.push(json);
    this.schedule();
    return true;
  }

  queued(): number {
    return this.queue.length;
  }

  idle(): Promise<void> {
    if (this.inFlight === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Sets the batch timer for what is queued: at once when a batch is ready (or on shutdown),
   * `batchIntervalMs` after the first event of a partial one; nothing while every slot is taken
   * (the next batch done calls this again).
   */
  private schedule(): void {
    if (this.queue.length === 0) {
      if (this.inFlight === 0) for (const w of this.waiters.splice(0)) w();
      return;
    }
    if (this.inFlight >= this.maxInFlight) return;
    if (this.closing || this.queue.ready()) {
      if (!this.batchTimerNow) this.arm(0);
    } else if (this.batchTimer === undefined) this.arm(this.o.batchIntervalMs ?? 1000);
  }

  /** (Re)sets the batch timer to `ms`. */
  private arm(ms: number): void {
    if (this.batchTimer !== undefined) this.timers.clear(this.batchTimer);
    this.batchTimerNow = ms === 0;
    this.batchTimer = this.timers.set(() => {
      this.batchTimer = undefined;
      this.batchTimerNow = false;
      this.sendDue();
    }, ms);
  }

  /** The timer fired: the oldest batch is due (ready, or its interval passed), then every ready one. */
  private sendDue(): void {
    let due = true;
    while (this.inFlight < this.maxInFlight && (due || this.closing || this.queue.ready())) {
      const batch = this.queue.take();
      if (batch === undefined) break;
      due = false;
      this.inFlight++;
      batch.text(']');
      this.attempt(batch, 0);
    }
    this.schedule();
  }

  private attempt(batch: Batch, retry: number): void {
    const body = batch.contents();
    const abort = new AbortController();
    this.aborts.add(abort);
    const timeout = this.timers.set(() => abort.abort(), this.o.timeoutMs ?? 5000);
    this.post(body, abort.signal)
      .then(
        (res) =>
          res.statusCode >= 200 && res.statusCode < 300
            ? 'ok'
            : retryable(res.statusCode)
              ? 'retry'
              : 'refused',
        () => 'retry' as const,
      )
      .then((outcome) => {
        this.timers.clear(timeout);
        this.aborts.delete(abort);
        if (outcome === 'ok') {
          // The collector answered 2xx to the whole body: the buffer serves a later batch. After
          // any other outcome it is left to the garbage collector (a write may still hold it).
          batch.release();
          return this.done();
        }
        if (outcome === 'retry' && retry < (this.o.maxRetries ?? 3) && !this.closing) {
          return this.backOff(batch, retry);
        }
        this.drop(batch.events, 'send_failed');
        this.done();
      })
      .catch((err: unknown) => {
        // Only a bug in the code above lands here; never let it become an unhandled rejection.
        this.o.logger?.warn({ adapter: this.name, err: String(err) }, 'analytics http adapter failed');
        this.done();
      });
  }

  private backOff(batch: Batch, retry: number): void {
    const initial = this.o.retryInitialMs ?? 500;
    const full = Math.min(this.o.retryMaxMs ?? 30_000, initial * 2 ** retry);
    const delay = full / 2 + (this.o.random ?? Math.random)() * (full / 2);
    const run = (): void => {
      this.retries.delete(batch);
      this.attempt(batch, retry + 1);
    };
    this.retries.set(batch, { handle: this.timers.set(run, delay), run });
  }

  /** A batch in flight is done (sent or dropped): its slot serves what is queued. */
  private done(): void {
    this.inFlight--;
    this.schedule();
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    // Batches waiting to be retried get one last try now instead.
    for (const { handle, run } of [...this.retries.values()]) {
      this.timers.clear(handle);
      run();
    }
    this.schedule();
    const timeoutMs = this.o.timeoutMs ?? 5000;
    await new Promise<void>((resolve) => {
      // Not unref'd: a shutdown waits for the last batches, at most timeoutMs.
      const limit = setTimeout(resolve, timeoutMs);
      void this.idle().then(() => {
        clearTimeout(limit);
        resolve();
      });
    });
    if (this.batchTimer !== undefined) this.timers.clear(this.batchTimer);
    for (const abort of this.aborts) abort.abort();
    this.drop(this.queue.clear(), 'closed');
    await this.closeTransport().catch(() => undefined);
  }
}

export function createHttpAdapter(o: HttpAdapterOptions): HttpAdapter {
  const batcher = new HttpBatcher(o);
  return {
    name: batcher.name,
    accept: (event) => batcher.accept(event),
    idle: () => batcher.idle(),
    queued: () => batcher.queued(),
    close: () => batcher.close(),
  };
}
