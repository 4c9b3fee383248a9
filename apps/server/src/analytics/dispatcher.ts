// The analytics runner (G analytics/build enabledAnalytics, J AnalyticsReporterDelegator): hands each
// recorded event to every adapter that may have it. `record` is synchronous, never throws and never
// waits: filtering is a few property reads and a callback, and each adapter's `accept` only queues.
import type { Registry } from 'prom-client';
import { withProps } from '@gavel/common';
import type { BidRequest } from '../openrtb/types.js';
import { createDropCounter, type DropCounter } from './drops.js';
import { adapterView } from './request-view.js';
import type { AnalyticsAdapter, AnalyticsEvent, AnalyticsLogger } from './types.js';

export interface AnalyticsOptions {
  adapters: readonly AnalyticsAdapter[];
  /**
   * The `reportAnalytics` activity for the analytics component `adapterName` (G asks it for auction,
   * AMP, video and notification events; cookie-sync and setuid events are not checked). Absent =
   * allowed. A callback that throws denies.
   */
  activityAllows?: (adapterName: string, event: AnalyticsEvent) => boolean;
  /**
   * The request as this adapter may see it, after the transmitUfpd / transmitPreciseGeo activities
   * (G evaluateActivities scrubs the analytics copy). Must not mutate its argument. Absent = as is.
   */
  scrubRequest?: (adapterName: string, request: BidRequest, event: AnalyticsEvent) => BidRequest;
  /** The ext namespace whose `analytics` block is read: `core` (default) or `prebid`. */
  ns?: string;
  logger?: AnalyticsLogger;
  /** `analytics_dropped_total` is registered here (ignored when `drops` is given). */
  metrics?: { registry: Registry };
  /** A counter the adapters already report to (createAnalyticsFromConfig shares one). */
  drops?: DropCounter;
  /** One drop warning per this many drops of an adapter (default 1000). */
  warnEvery?: number;
}

export interface Analytics {
  /** Hand an event to the adapters. Never throws, never blocks. Do not mutate `event` afterwards. */
  record(event: AnalyticsEvent): void;
  readonly adapterNames: readonly string[];
  /** Events dropped so far (one adapter, or all). */
  dropped(adapter?: string): number;
  /** Closes every adapter (each flushes within its own time limit); later records are ignored. */
  close(): Promise<void>;
}

const CHECKED_KINDS: ReadonlySet<AnalyticsEvent['kind']> = new Set([
  'auction',
  'amp',
  'video',
  'notification',
]);

const hasRequest = (e: AnalyticsEvent): e is Extract<AnalyticsEvent, { request?: BidRequest }> =>
  e.kind === 'auction' || e.kind === 'amp' || e.kind === 'video';

export function createAnalytics(o: AnalyticsOptions): Analytics {
  const names = o.adapters.map((a) => a.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) throw new Error(`analytics adapter "${dup}" is configured twice`);
  const drops =
    o.drops ?? createDropCounter({ registry: o.metrics?.registry, logger: o.logger, warnEvery: o.warnEvery });
  const ns = o.ns ?? 'core';
  let closed = false;
  const failed = new Set<string>();

  const allowed = (name: string, event: AnalyticsEvent): boolean => {
    if (!o.activityAllows || !CHECKED_KINDS.has(event.kind)) return true;
    return o.activityAllows(name, event);
  };

  const deliver = (adapter: AnalyticsAdapter, event: AnalyticsEvent): void => {
    if (!allowed(adapter.name, event)) return;
    let toSend = event;
    let options: Readonly<Record<string, unknown>> | undefined;
    if (hasRequest(event) && event.request !== undefined) {
      const view = adapterView(event.request, ns, adapter.name);
      if (!view.enabled) return;
      options = view.options;
      let request = view.request;
      if (request !== undefined && o.scrubRequest) request = o.scrubRequest(adapter.name, request, event);
      if (request !== undefined && event.scrubFor) request = event.scrubFor(adapter.name, request);
      if (request !== event.request) toSend = withProps(event, { request });
    }
    if (!adapter.accept(toSend, options)) drops.add(adapter.name, 1, closed ? 'closed' : 'queue_full');
  };

  return {
    adapterNames: names,
    record(event) {
      if (closed) return;
      for (const adapter of o.adapters) {
        try {
          deliver(adapter, event);
        } catch (err) {
          drops.add(adapter.name, 1, 'error');
          if (!failed.has(adapter.name)) {
            failed.add(adapter.name); // the first failure of each adapter is logged; drops count the rest
            o.logger?.warn({ adapter: adapter.name, err: String(err) }, 'analytics adapter failed');
          }
        }
      }
    },
    dropped: (adapter) => drops.total(adapter),
    async close() {
      if (closed) return;
      closed = true;
      await closeAll(o.adapters, o.logger);
    },
  };
}

/** Closes every adapter in parallel; a failure is logged, never thrown. */
function closeAll(
  adapters: readonly AnalyticsAdapter[],
  logger: AnalyticsLogger | undefined,
): Promise<unknown> {
  return Promise.all(
    adapters.map((a) =>
      Promise.resolve()
        .then(() => a.close())
        .catch((err: unknown) => {
          logger?.warn({ adapter: a.name, err: String(err) }, 'analytics adapter failed to close');
        }),
    ),
  );
}
