// One Prometheus registry per service instance (never the global one, so tests and
// two services in one process don't collide), with process metrics and HTTP timings.
import { Registry, collectDefaultMetrics } from 'prom-client';
import { createRouteTimings, type RouteTimings } from './http/route-timings.js';

export interface ServiceMetrics {
  registry: Registry;
  /** `<prefix>http_request_duration_seconds{route,method,status}`, observed once per answer. */
  httpDuration: RouteTimings;
}

export function createServiceMetrics(options: { prefix: string; collectProcess: boolean }): ServiceMetrics {
  const registry = new Registry();
  if (options.collectProcess) collectDefaultMetrics({ register: registry, prefix: options.prefix });
  const httpDuration = createRouteTimings({
    name: `${options.prefix}http_request_duration_seconds`,
    help: 'HTTP request duration by route, method and status',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registry,
  });
  return { registry, httpDuration };
}
