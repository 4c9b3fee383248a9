// Counting lost analytics events: `<prefix>analytics_dropped_total{adapter,reason}` when a registry is
// given, and a warning on the first drop of an adapter and then once per `warnEvery` drops.
import { Counter, type Registry } from 'prom-client';
import type { AnalyticsLogger, DropReason, DropSink } from './types.js';

export interface DropCounterOptions {
  registry?: Registry;
  logger?: AnalyticsLogger;
  /** One warning per this many drops of an adapter (the first drop always warns). Default 1000. */
  warnEvery?: number;
  /** Metric name prefix; default `gavel_`. */
  prefix?: string;
}

export interface DropCounter {
  add(adapter: string, count: number, reason: DropReason): void;
  /** A sink bound to one adapter, for the adapter's own losses (failed sends, write errors). */
  sinkFor(adapter: string): DropSink;
  /** Events dropped so far, for one adapter or all. */
  total(adapter?: string): number;
}

export function createDropCounter(o: DropCounterOptions = {}): DropCounter {
  const warnEvery = Math.max(1, o.warnEvery ?? 1000);
  const counter = o.registry
    ? new Counter({
        name: `${o.prefix ?? 'gavel_'}analytics_dropped_total`,
        help: 'Analytics events lost, by adapter and reason (queue full, send failed, …)',
        labelNames: ['adapter', 'reason'] as const,
        registers: [o.registry],
      })
    : undefined;
  const totals = new Map<string, number>();

  const add = (adapter: string, count: number, reason: DropReason): void => {
    if (!(count > 0)) return;
    const before = totals.get(adapter) ?? 0;
    const after = before + count;
    totals.set(adapter, after);
    counter?.inc({ adapter, reason }, count);
    if (before === 0 || Math.floor(before / warnEvery) < Math.floor(after / warnEvery)) {
      o.logger?.warn({ adapter, reason, dropped: after }, 'analytics events dropped');
    }
  };

  return {
    add,
    sinkFor: (adapter) => (count, reason) => add(adapter, count, reason),
    total: (adapter) => {
      if (adapter !== undefined) return totals.get(adapter) ?? 0;
      let sum = 0;
      for (const n of totals.values()) sum += n;
      return sum;
    },
  };
}
