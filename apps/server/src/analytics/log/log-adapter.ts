// The log adapter (G analytics/filesystem, J LogAnalyticsReporter): every event as a JSON line, appended
// to a file or written to a stream (stdout by default). `accept` only queues; a batch is written when
// it holds `batchSize` events or `flushIntervalMs` after its first one (G's glog buffers and flushes
// every 30 s; one write per auction cost a thread-pool round trip each), and when the stream reports
// backpressure the pump waits for `drain` while the bounded queue fills and then drops. A stream
// error stops the adapter: what is queued then and everything offered later is counted as dropped
// (`write_error`).
import { openSync, createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { BatchQueue, DEFAULT_BATCH_BYTES } from '../batch.js';
import { eventJson } from '../serialize.js';
import { realTimers } from '../queue.js';
import type {
  AnalyticsAdapter,
  AnalyticsEvent,
  AnalyticsLogger,
  AnalyticsTimers,
  DropSink,
} from '../types.js';

export interface LogAdapterOptions {
  /** Adapter name (`ext.<ns>.analytics` key, activity component, metrics label). Default `log`. */
  name?: string;
  /** File to append to (opened at once: a bad path throws here). Absent or '' → `stream`. */
  file?: string;
  /** Where lines go when there is no file; default process.stdout (never ended by close). */
  stream?: Writable;
  /** Events waiting to be written at most (default 10000). */
  queueSize?: number;
  /** Events per write (default 100). */
  batchSize?: number;
  /** A batch takes no more events once it holds this many bytes (default 1 MiB). */
  batchBytes?: number;
  /**
   * A batch that is not full is written this long after its first event (default 100 ms; 0 = on
   * the next turn of the event loop, one write per turn).
   */
  flushIntervalMs?: number;
  /** Timers of the flush interval (tests); default real, unref'd timers. */
  timers?: AnalyticsTimers;
  /** How long close waits for the queue to be written (default 5000 ms). */
  closeTimeoutMs?: number;
  onDrop?: DropSink;
  logger?: AnalyticsLogger;
  /** Runs the pump later; default setImmediate. */
  schedule?: (fn: () => void) => void;
}

export interface LogAdapter extends AnalyticsAdapter {
  /** Resolves once everything accepted so far is handed to the stream (or dropped). */
  idle(): Promise<void>;
}

interface Target {
  stream: Writable;
  owned: boolean;
}

function openTarget(o: LogAdapterOptions): Target {
  if (o.file) {
    const fd = openSync(o.file, 'a');
    return { stream: createWriteStream('', { fd, flags: 'a' }), owned: true };
  }
  return { stream: o.stream ?? process.stdout, owned: false };
}

/** Resolves when `p` does or after `ms`, whichever is first (the timer keeps a shutdown waiting). */
function within(p: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

function endStream(stream: Writable, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    stream.once('error', done);
    stream.end(done);
  });
}

class LogWriter {
  readonly name: string;
  private readonly stream: Writable;
  private readonly owned: boolean;
  /** Events as JSON lines, serialised and written into their batch when accepted (batch.ts). */
  private readonly queue: BatchQueue;
  private readonly schedule: (fn: () => void) => void;
  private readonly drop: DropSink;
  private readonly waiters: (() => void)[] = [];
  private scheduled = false;
  private flushTimer: unknown;
  /** Set by idle() and close(): partial batches go out at once until the queue is empty. */
  private flushing = false;
  private draining = false;
  private broken = false;
  private closing = false;

  constructor(private readonly o: LogAdapterOptions) {
    this.name = o.name ?? 'log';
    ({ stream: this.stream, owned: this.owned } = openTarget(o));
    this.queue = new BatchQueue(o.queueSize ?? 10_000, Math.max(1, o.batchSize ?? 100), {
      frame: { after: '\n' },
      batchBytes: o.batchBytes ?? DEFAULT_BATCH_BYTES,
    });
    this.schedule = o.schedule ?? ((fn: () => void) => void setImmediate(fn));
    this.drop = o.onDrop ?? (() => undefined);
    this.stream.on('error', (err: Error) => this.fail(err));
  }

  accept(event: AnalyticsEvent): boolean {
    if (this.broken || this.closing || this.queue.length === this.queue.capacity) return false;
    const json = eventJson(event);
    if (json === undefined) {
      this.drop(1, 'serialize_error');
      return true;
    }
    this.queue.push(json);
    if (this.queue.ready()) this.kick();
    else this.armFlush();
    return true;
  }

  /** Writes what is queued without waiting for the flush interval, and resolves once it is handed over. */
  idle(): Promise<void> {
    if (this.queue.length === 0 || this.broken) return Promise.resolve();
    this.flushing = true;
    this.kick();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const timeoutMs = this.o.closeTimeoutMs ?? 5000;
    await within(this.idle(), timeoutMs);
    this.drop(this.queue.clear(), 'closed');
    if (this.owned) await endStream(this.stream, timeoutMs);
  }

  /** Wakes the waiters of idle() once nothing is left to write. */
  private settle(): void {
    if (this.queue.length > 0 && !this.broken) return;
    this.flushing = false;
    for (const w of this.waiters.splice(0)) w();
  }

  /** Writes the oldest batch on the next turn (a full batch, a due one, or all of them in idle()). */
  private kick(): void {
    if (this.scheduled || this.draining || this.broken) return;
    this.clearFlush();
    this.scheduled = true;
    this.schedule(() => this.pump());
  }

  /** A batch that is not full is written once the flush interval has passed. */
  private armFlush(): void {
    if (this.flushTimer !== undefined || this.scheduled || this.draining || this.broken) return;
    const ms = this.o.flushIntervalMs ?? 100;
    if (ms <= 0) return this.kick();
    this.flushTimer = (this.o.timers ?? realTimers).set(() => {
      this.flushTimer = undefined;
      this.kick();
    }, ms);
  }

  private clearFlush(): void {
    if (this.flushTimer === undefined) return;
    (this.o.timers ?? realTimers).clear(this.flushTimer);
    this.flushTimer = undefined;
  }

  /** Writes one batch; on backpressure, waits for `drain` before the next. */
  private pump(): void {
    this.scheduled = false;
    if (this.broken || this.draining) return this.settle();
    const batch = this.queue.take();
    // The batch's buffer is reused once the stream is done with it (its callback), not before.
    if (batch !== undefined && !this.stream.write(batch.contents(), () => batch.release())) {
      this.draining = true;
      this.stream.once('drain', () => {
        this.draining = false;
        this.next();
      });
    }
    this.next();
  }

  /** After a write: the next full batch at once, a partial one when due, or idle. */
  private next(): void {
    if (this.queue.ready() || (this.flushing && this.queue.length > 0)) this.kick();
    else if (this.queue.length > 0) this.armFlush();
    else this.settle();
  }

  private fail(err: Error): void {
    if (this.broken) return;
    this.broken = true;
    this.o.logger?.warn(
      { adapter: this.name, err: err.message },
      'analytics log stream failed; events are dropped',
    );
    this.clearFlush();
    this.drop(this.queue.clear(), 'write_error');
    this.settle();
  }
}

export function createLogAdapter(o: LogAdapterOptions = {}): LogAdapter {
  const writer = new LogWriter(o);
  return {
    name: writer.name,
    accept: (event) => writer.accept(event),
    idle: () => writer.idle(),
    close: () => writer.close(),
  };
}
