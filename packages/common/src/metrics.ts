// One Prometheus registry per service instance (never the global one, so tests and
// two services in one process don't collide), with process metrics and HTTP timings; and
// createFastHistogram, the histogram for hot paths (per-request and per-backend-call timings).
import { Counter, Registry, collectDefaultMetrics, type Metric } from 'prom-client';

/** One series of a histogram: keep it and call observe() on hot paths. */
export interface HistogramCell {
  observe(value: number): void;
}

export interface FastHistogram<L extends string> {
  readonly name: string;
  /** The series for these label values, created on first use. */
  labels(values: Record<L, string>): HistogramCell;
}

// Prometheus histogram registered in a prom-client Registry and exported in prom-client's format.
// Hand-written because prom-client hashes the label object on every observe (bound children
// included): here an observe is a bucket scan on a cell resolved once, labels are built at scrape.
class Cell implements HistogramCell {
  /** Non-cumulative count per bucket, same order as the bounds; the last slot is +Inf. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Readonly<Record<string, string>>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > (bounds[i] ?? Infinity)) i++;
    this.counts[i] = (this.counts[i] ?? 0) + 1;
    this.sum += value;
    this.count++;
  }

  reset(): void {
    this.counts.fill(0);
    this.sum = 0;
    this.count = 0;
  }
}

interface ExportedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

export function createFastHistogram<L extends string>(options: {
  name: string;
  help: string;
  labelNames: readonly L[];
  buckets: readonly number[];
  registry: Registry;
}): FastHistogram<L> {
  const { name, help, labelNames } = options;
  const bounds = [...options.buckets].sort((a, b) => a - b);
  const cells = new Map<string, Cell>();

  const exportCell = (cell: Cell, out: ExportedValue[]): void => {
    let acc = 0;
    bounds.forEach((le, i) => {
      acc += cell.counts[i] ?? 0;
      out.push({ labels: { le, ...cell.labels }, value: acc, metricName: `${name}_bucket` });
    });
    out.push({ labels: { le: '+Inf', ...cell.labels }, value: cell.count, metricName: `${name}_bucket` });
    out.push({ labels: { ...cell.labels }, value: cell.sum, metricName: `${name}_sum` });
    out.push({ labels: { ...cell.labels }, value: cell.count, metricName: `${name}_count` });
  };
  // The registry only reads name/help/type/aggregator and calls get()/reset(): the shape of a
  // prom-client metric, which its typings spell as the union of its own classes.
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: () => {
      const values: ExportedValue[] = [];
      for (const cell of cells.values()) exportCell(cell, values);
      return Promise.resolve({ name, help, type: 'histogram', values, aggregator: 'sum' });
    },
    // Zeroed in place: hot paths keep references to their cells.
    reset: () => {
      for (const cell of cells.values()) cell.reset();
    },
  };
  options.registry.registerMetric(metric as unknown as Metric);

  return {
    name,
    labels: (values) => {
      const key = labelNames.map((l) => values[l]).join('\u0000');
      let cell = cells.get(key);
      if (!cell) {
        const labels: Record<string, string> = {};
        for (const l of labelNames) labels[l] = values[l];
        cell = new Cell(labels, bounds);
        cells.set(key, cell);
      }
      return cell;
    },
  };
}

/** One counter series with fixed label values: keep it and call inc() on hot paths. */
export interface CounterCell {
  inc(value?: number): void;
}

/** A counter family: `labels(...values)` in labelNames order, as prom-client's `labels()`. */
export interface BatchedCounter {
  readonly name: string;
  labels(...values: string[]): CounterCell;
}

class PendingCell implements CounterCell {
  pending = 0;
  constructor(readonly labels: Record<string, string>) {}
  inc(value = 1): void {
    this.pending += value;
  }
}

/**
 * A prom-client Counter whose series are added to in plain numbers and handed to prom-client when
 * the registry is read (its `collect` hook, run before every scrape): same series, values and
 * exposition, but a bound prom-client child hashes and validates its label object on every inc.
 * Resolve cells once (start-up, or a Map kept by the caller); a series appears once it counted.
 */
export function createBatchedCounter(options: {
  name: string;
  help: string;
  labelNames: readonly string[];
  registry: Registry;
}): BatchedCounter {
  const cells = new Map<string, PendingCell>();
  const counter: Counter = new Counter({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames,
    registers: [options.registry],
    collect: () => {
      for (const cell of cells.values()) {
        if (cell.pending > 0) counter.inc(cell.labels, cell.pending);
        cell.pending = 0;
      }
    },
  });
  const reset = counter.reset.bind(counter);
  counter.reset = () => {
    for (const cell of cells.values()) cell.pending = 0;
    reset();
  };
  return {
    name: options.name,
    labels: (...values) => {
      const key = values.join('\u0000');
      let cell = cells.get(key);
      if (!cell) {
        const labels: Record<string, string> = {};
        options.labelNames.forEach((l, i) => (labels[l] = values[i] ?? ''));
        cell = new PendingCell(labels);
        cells.set(key, cell);
      }
      return cell;
    },
  };
}

/** `<prefix>http_request_duration_seconds{route,method,status}`, observed once per answer. */
export interface RouteTimings {
  observe(route: string, method: string, status: number, seconds: number): void;
}

function createRouteTimings(histogram: FastHistogram<'route' | 'method' | 'status'>): RouteTimings {
  // route → method → status → series, so a request resolves its series without building a key.
  const byRoute = new Map<string, Map<string, Map<number, HistogramCell>>>();
  return {
    observe: (route, method, status, seconds) => {
      let byMethod = byRoute.get(route);
      if (!byMethod) byRoute.set(route, (byMethod = new Map<string, Map<number, HistogramCell>>()));
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map<number, HistogramCell>()));
      let cell = byStatus.get(status);
      if (!cell) byStatus.set(status, (cell = histogram.labels({ route, method, status: String(status) })));
      cell.observe(seconds);
    },
  };
}

export interface ServiceMetrics {
  registry: Registry;
  httpDuration: RouteTimings;
  /** Replaces `registry.metrics()` as the /metrics body (a cluster worker answers for all workers). */
  scrape?: () => Promise<string>;
}

/** The event-loop delay histogram's period when the config does not say (prom-client's own is 10 ms). */
export const EVENT_LOOP_RESOLUTION_MS = 100;

export function createServiceMetrics(options: {
  prefix: string;
  collectProcess: boolean;
  /** Period of the event-loop delay samples; each one wakes the thread (default EVENT_LOOP_RESOLUTION_MS). */
  eventLoopResolutionMs?: number | undefined;
}): ServiceMetrics {
  const registry = new Registry();
  if (options.collectProcess)
    collectDefaultMetrics({
      register: registry,
      prefix: options.prefix,
      eventLoopMonitoringPrecision: options.eventLoopResolutionMs ?? EVENT_LOOP_RESOLUTION_MS,
    });
  const histogram = createFastHistogram({
    name: `${options.prefix}http_request_duration_seconds`,
    help: 'HTTP request duration by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registry,
  });
  return { registry, httpDuration: createRouteTimings(histogram) };
}
