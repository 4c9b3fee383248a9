// Where adapters keep accepted events until they are written: each event's JSON is copied at once
// into the batch it will be sent in — one buffer per batch, reused once that batch is written —
// instead of being held as Buffers of its own. Events wait (up to the HTTP adapter's interval, or
// while a stream drains) long enough to outlive two scavenges; held one by one, each one's buffers
// were promoted with it and their memory came back only with a full mark-compact, which under load
// ran every few seconds for that alone. A batch's memory is a few long-lived buffers instead.
import type { EventJson } from './serialize.js';

/** The buffers batches are written into: a few kept for reuse, sized by the largest batch seen. */
export class BufferPool {
  private readonly free: Buffer[] = [];
  private size: number;

  constructor(
    /** Free buffers kept at most (the rest go to the garbage collector). */
    private readonly keep = 2,
    initialBytes = 64 * 1024,
  ) {
    this.size = initialBytes;
  }

  get(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafe(this.size);
  }

  /**
   * Gives back a buffer nothing reads any more. Only buffers of the largest size seen are kept: a
   * smaller one would be outgrown (a fresh buffer and a copy) by the next batch as large.
   */
  put(buffer: Buffer): void {
    if (buffer.length > this.size) {
      this.size = buffer.length;
      this.free.length = 0;
    }
    if (buffer.length === this.size && this.free.length < this.keep) this.free.push(buffer);
  }
}

const UTF8_MAX_BYTES_PER_UNIT = 3;

/** Events' JSON, separated and framed as the adapter writes them, in one growing buffer. */
export class Batch {
  /** Events written into this batch. */
  events = 0;
  private buffer: Buffer;
  private used = 0;

  constructor(private readonly pool: BufferPool) {
    this.buffer = pool.get();
  }

  /** Appends text as UTF-8. */
  text(s: string): void {
    this.reserve(s.length * UTF8_MAX_BYTES_PER_UNIT);
    this.used += this.buffer.write(s, this.used, 'utf8');
  }

  /** Appends bytes. */
  bytes(b: Uint8Array): void {
    this.reserve(b.length);
    this.buffer.set(b, this.used);
    this.used += b.length;
  }

  /** Appends one event's JSON and counts it. */
  event(json: EventJson): void {
    this.text(json.head);
    if (json.sent !== undefined) {
      this.bytes(json.sent);
      this.text('}');
    }
    this.events++;
  }

  /** Bytes written so far. */
  get size(): number {
    return this.used;
  }

  /** What was written so far (a view: valid until release). */
  contents(): Buffer {
    return this.buffer.subarray(0, this.used);
  }

  /** Hands the memory to the next batch; call only once nothing reads contents() any more. */
  release(): void {
    this.pool.put(this.buffer);
    this.buffer = EMPTY;
    this.used = 0;
  }

  private reserve(n: number): void {
    const needed = this.used + n;
    if (needed <= this.buffer.length) return;
    let size = Math.max(this.buffer.length * 2, 1024);
    while (size < needed) size *= 2;
    const bigger = Buffer.allocUnsafe(size);
    this.buffer.copy(bigger, 0, 0, this.used);
    this.buffer = bigger;
  }
}

const EMPTY = Buffer.alloc(0);

/** A batch's size from which it takes no more events (the default of `batchBytes`). */
export const DEFAULT_BATCH_BYTES = 1024 * 1024;

/** How a batch's events are framed: text opening a batch, between its events, after each event. */
export interface BatchFrame {
  open?: string;
  separator?: string;
  after?: string;
}

/** A `BatchQueue`'s optional settings. */
export interface BatchQueueOptions {
  /** Framing of each batch's events (none by default). */
  frame?: BatchFrame;
  /** A batch's size from which it takes no more events. */
  batchBytes?: number;
  /** Where batches get their buffers. */
  pool?: BufferPool;
}

/**
 * The batches waiting to be written, oldest first; the newest takes events until it holds
 * `batchSize` events or `batchBytes` bytes. Bounded by `capacity` events in all.
 *
 * The byte bound keeps one batch's buffer to a known size whatever the events weigh (an auction
 * event is tens of KB: 100 of them are several MB per write or POST).
 */
export class BatchQueue {
  private readonly batches: Batch[] = [];
  private count = 0;
  private readonly frame: BatchFrame;
  private readonly batchBytes: number;
  private readonly pool: BufferPool;

  constructor(
    readonly capacity: number,
    private readonly batchSize: number,
    options: BatchQueueOptions = {},
  ) {
    this.frame = options.frame ?? {};
    this.batchBytes = options.batchBytes ?? DEFAULT_BATCH_BYTES;
    // Room for a full batch and the event that closes it, so a batch seldom outgrows its buffer;
    // six kept: one being filled, one being written or sent (four for the HTTP adapter), one spare.
    this.pool = options.pool ?? new BufferPool(6, 2 * this.batchBytes);
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('queue capacity must be ≥ 1');
  }

  /** Events waiting (not yet taken). */
  get length(): number {
    return this.count;
  }

  /** Appends one event; false (nothing written) when the queue is full. */
  push(json: EventJson): boolean {
    if (this.count === this.capacity) return false;
    let last = this.batches[this.batches.length - 1];
    if (last === undefined || this.full(last)) {
      last = new Batch(this.pool);
      if (this.frame.open !== undefined) last.text(this.frame.open);
      this.batches.push(last);
    } else if (this.frame.separator !== undefined) last.text(this.frame.separator);
    last.event(json);
    if (this.frame.after !== undefined) last.text(this.frame.after);
    this.count++;
    return true;
  }

  /** True when the oldest batch is complete: it holds `batchSize` events, or newer ones follow it. */
  ready(): boolean {
    const first = this.batches[0];
    return first !== undefined && (this.batches.length > 1 || this.full(first));
  }

  private full(batch: Batch): boolean {
    return batch.events >= this.batchSize || batch.size >= this.batchBytes;
  }

  /** The oldest batch, no longer counted as waiting; undefined when empty. */
  take(): Batch | undefined {
    const batch = this.batches.shift();
    if (batch !== undefined) this.count -= batch.events;
    return batch;
  }

  /** Drops everything waiting; returns how many events that was. */
  clear(): number {
    const n = this.count;
    for (const batch of this.batches.splice(0)) batch.release();
    this.count = 0;
    return n;
  }
}
