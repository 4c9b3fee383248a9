// /metrics for the whole server (issue 23): in a cluster, the worker that gets the scrape asks
// every worker (through the primary) for its registry as JSON and aggregates them with
// prom-client's AggregatorRegistry: counters and histograms (the hand-written fast histograms too,
// aggregator `sum`) are summed, other metrics follow their own `aggregator`.
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { ServiceUnavailableError, type ServiceMetrics } from '@gavel/common';
import type { AdminBus } from './admin-bus.js';
import { incompleteReason } from './protocol.js';

/** Registers this process's `metrics` action; in a cluster, makes /metrics aggregate every worker. */
export function installClusterMetrics(bus: AdminBus, metrics: ServiceMetrics): void {
  bus.register('metrics', () => metrics.registry.getMetricsAsJSON());
  if (!bus.clustered) return;
  metrics.scrape = async () => {
    const outcome = await bus.run({ kind: 'metrics' });
    const reason = incompleteReason(outcome);
    if (reason !== undefined) throw new ServiceUnavailableError(`metrics: ${reason}`);
    const all = outcome.applied.map((a) => a.result as MetricObjectWithValues<MetricValue<string>>[]);
    return AggregatorRegistry.aggregate(all).metrics();
  };
}
