// One Prometheus registry per service instance (never the global one, so tests and
// two services in one process don't collide), with process metrics and HTTP timings.
import { Registry, collectDefaultMetrics, Histogram } from 'prom-client';

export interface ServiceMetrics {
  registry: Registry;
  httpDuration: Histogram<'route' | 'method' | 'status'>;
}

export function createServiceMetrics(options: { prefix: string; collectProcess: boolean }): ServiceMetrics {
  const registry = new Registry();
  if (options.collectProcess) collectDefaultMetrics({ register: registry, prefix: options.prefix });
  const httpDuration = new Histogram({
    name: `${options.prefix}http_request_duration_seconds`,
    help: 'HTTP request duration by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return { registry, httpDuration };
}
