// Injectable time and id sources: tests replace them to make responses deterministic.
import { randomUUID } from 'node:crypto';

export interface Clock {
  /** Wall-clock milliseconds since the epoch. */
  now(): number;
  /** Monotonic milliseconds, for measuring durations. */
  monotonic(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
};

/** A clock that only moves when told to. */
export function createManualClock(startMs = 0): Clock & { advance(ms: number): void } {
  let current = startMs;
  return {
    now: () => current,
    monotonic: () => current,
    advance(ms: number) {
      current += ms;
    },
  };
}

export interface IdSource {
  /** A random RFC 4122 v4 UUID. */
  uuid(): string;
}

export const randomIds: IdSource = { uuid: () => randomUUID() };

/** Ids `<prefix>0`, `<prefix>1`, ... for tests. */
export function createSequentialIds(prefix = 'id-'): IdSource {
  let n = 0;
  return { uuid: () => `${prefix}${n++}` };
}
