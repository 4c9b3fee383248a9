// A clock and timers that move only when told to: advance(ms) fires due timers in time order.
import type { Clock } from '@gavel/common';
import type { FetchTimers } from './types.js';

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

export interface FakeTime {
  clock: Clock;
  timers: FetchTimers;
  advance(ms: number): void;
  /** Timers scheduled and not fired or cleared. */
  pending(): number;
}

export function createFakeTime(startMs = 1_700_000_000_000): FakeTime {
  let now = startMs;
  let seq = 0;
  const queue = new Map<number, Pending>();
  const next = (limit: number): Pending | undefined => {
    let best: Pending | undefined;
    for (const p of queue.values()) {
      if (p.at <= limit && (!best || p.at < best.at || (p.at === best.at && p.id < best.id))) best = p;
    }
    return best;
  };
  return {
    clock: { now: () => now, monotonic: () => now },
    timers: {
      set(fn, ms) {
        const id = ++seq;
        queue.set(id, { id, at: now + Math.max(0, ms), fn });
        return id;
      },
      clear(handle) {
        queue.delete(handle as number);
      },
    },
    advance(ms) {
      const target = now + ms;
      for (let p = next(target); p; p = next(target)) {
        queue.delete(p.id);
        now = p.at;
        p.fn();
      }
      now = target;
    },
    pending: () => queue.size,
  };
}
