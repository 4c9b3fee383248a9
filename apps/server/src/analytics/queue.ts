// A bounded FIFO for adapters that queue event objects (a ring over a fixed array: no growth, no
// shifting; the built-in adapters queue bytes instead, batch.ts), and
// real timers that never keep the process alive.
import type { AnalyticsTimers } from './types.js';

export class BoundedQueue<T> {
  private readonly slots: (T | undefined)[];
  private head = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('queue capacity must be ≥ 1');
    this.slots = new Array<T | undefined>(capacity);
  }

  get length(): number {
    return this.count;
  }

  /** Appends; false (and nothing stored) when full. */
  push(item: T): boolean {
    if (this.count === this.capacity) return false;
    this.slots[(this.head + this.count) % this.capacity] = item;
    this.count++;
    return true;
  }

  /** Removes and returns up to `max` items from the front, oldest first. */
  take(max: number): T[] {
    const n = Math.min(max, this.count);
    const out = new Array<T>(n);
    for (let i = 0; i < n; i++) {
      out[i] = this.slots[this.head] as T;
      this.slots[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
    }
    this.count -= n;
    return out;
  }

  /** Empties the queue; returns how many items were removed. */
  clear(): number {
    const n = this.count;
    this.slots.fill(undefined);
    this.head = 0;
    this.count = 0;
    return n;
  }
}

export const realTimers: AnalyticsTimers = {
  set(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clear(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};
