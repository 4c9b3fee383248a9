// The log adapter (G analytics/filesystem, J LogAnalyticsReporter): every event as a JSON line, appended
// to a file or written to a stream (stdout by default). `accept` only queues; a pump writes one batch
// per turn of the event loop and, when the stream reports backpressure, waits for `drain` while the
// bounded queue fills and then drops. A stream error stops the adapter: what is queued then and
// everything offered later is counted as dropped (`write_error`).
import { openSync, createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { BoundedQueue } from '../queue.js';
import { eventToBytes, type EventBytes } from '../serialize.js';
import type { AnalyticsAdapter, AnalyticsEvent, AnalyticsLogger, DropSink } from '../types.js';

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

const NEWLINE = Buffer.from('\n');

class LogWriter {
  readonly name: string;
  private readonly stream: Writable;
  private readonly owned: boolean;
  /**
   * Events as UTF-8 JSON, serialised when accepted (bytes outside the JS heap hold less than the
   * event's object graph, and the HTTP adapter shares them).
   */
  private readonly queue: BoundedQueue<EventBytes>;
  private readonly schedule: (fn: () => void) => void;
  private readonly drop: DropSink;
  private readonly waiters: (() => void)[] = [];
  private scheduled = false;
  private draining = false;
  private broken = false;
  private closing = false;

  constructor(private readonly o: LogAdapterOptions) {
    this.name = o.name ?? 'log';
    ({ stream: this.stream, owned: this.owned } = openTarget(o));
    this.queue = new BoundedQueue<EventBytes>(o.queueSize ?? 10_000);
    this.schedule = o.schedule ?? ((fn: () => void) => void setImmediate(fn));
    this.drop = o.onDrop ?? (() => undefined);
    this.stream.on('error', (err: Error) => this.fail(err));
  }

  accept(event: AnalyticsEvent): boolean {
    if (this.broken || this.closing || this.queue.length === this.queue.capacity) return false;
    const bytes = eventToBytes(event);
    if (bytes === undefined) {
      this.drop(1, 'serialize_error');
      return true;
    }
    this.queue.push(bytes);
    this.kick();
    return true;
  }

  idle(): Promise<void> {
    if (this.queue.length === 0 || this.broken) return Promise.resolve();
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
    for (const w of this.waiters.splice(0)) w();
  }

  private kick(): void {
    if (this.scheduled || this.draining || this.broken) return;
    this.scheduled = true;
    this.schedule(() => this.pump());
  }

  /** Writes one batch; on backpressure, waits for `drain` before the next. */
  private pump(): void {
    this.scheduled = false;
    if (this.broken || this.draining) return this.settle();
    const lines: Buffer[] = [];
    for (const pieces of this.queue.take(Math.max(1, this.o.batchSize ?? 100)))
      lines.push(...pieces, NEWLINE);
    if (lines.length > 0 && !this.stream.write(Buffer.concat(lines))) {
      this.draining = true;
      this.stream.once('drain', () => {
        this.draining = false;
        this.kick();
        this.settle();
      });
    }
    if (this.queue.length > 0) this.kick();
    else this.settle();
  }

  private fail(err: Error): void {
    if (this.broken) return;
    this.broken = true;
    this.o.logger?.warn(
      { adapter: this.name, err: err.message },
      'analytics log stream failed; events are dropped',
    );
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
