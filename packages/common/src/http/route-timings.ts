// `<prefix>http_request_duration_seconds`: a Prometheus histogram of request durations by route,
// method and status, registered in a prom-client Registry and exported in its exact format.
// Hand-written because prom-client hashes the label object on every observe (bound children
// included): here a request costs three Map lookups and a bucket scan, labels are built at scrape.
import type { Metric, Registry } from 'prom-client';

export type RouteTimingLabel = 'route' | 'method' | 'status';

interface Cell {
  readonly labels: Record<RouteTimingLabel, string>;
  /** Non-cumulative count per bucket, same order as the bounds; the last slot is +Inf. */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

interface ExportedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

export interface RouteTimings {
  readonly name: string;
  /** Records one answered request; `seconds` is its duration. */
  observe(route: string, method: string, status: number, seconds: number): void;
  /** Current value of one series (tests); undefined when never observed. */
  countOf(route: string, method: string, status: number): number | undefined;
}

export function createRouteTimings(options: {
  name: string;
  help: string;
  buckets: readonly number[];
  registry: Registry;
}): RouteTimings {
  const bounds = [...options.buckets].sort((a, b) => a - b);
  // route → method → status → cell; every level is small (routes are patterns, not URLs).
  let cells = new Map<string, Map<string, Map<number, Cell>>>();

  const cellFor = (route: string, method: string, status: number): Cell => {
    let byMethod = cells.get(route);
    if (!byMethod) cells.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let cell = byStatus.get(status);
    if (!cell) {
      cell = {
        labels: { route, method, status: String(status) },
        counts: new Float64Array(bounds.length + 1),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, cell);
    }
    return cell;
  };

  const exportCell = (cell: Cell, out: ExportedValue[]): void => {
    const bucketName = `${options.name}_bucket`;
    let acc = 0;
    bounds.forEach((le, i) => {
      acc += cell.counts[i] ?? 0;
      out.push({ labels: { ...cell.labels, le }, value: acc, metricName: bucketName });
    });
    out.push({ labels: { ...cell.labels, le: '+Inf' }, value: cell.count, metricName: bucketName });
    out.push({ labels: { ...cell.labels }, value: cell.sum, metricName: `${options.name}_sum` });
    out.push({ labels: { ...cell.labels }, value: cell.count, metricName: `${options.name}_count` });
  };

  const get = (): Promise<unknown> => {
    const values: ExportedValue[] = [];
    for (const byMethod of cells.values()) {
      for (const byStatus of byMethod.values()) for (const cell of byStatus.values()) exportCell(cell, values);
    }
    return Promise.resolve({
      name: options.name,
      help: options.help,
      type: 'histogram',
      values,
      aggregator: 'sum',
    });
  };

  const timings: RouteTimings = {
    name: options.name,
    observe: (route, method, status, seconds) => {
      const cell = cellFor(route, method, status);
      let i = 0;
      while (i < bounds.length && seconds > (bounds[i] ?? Infinity)) i++;
      cell.counts[i] = (cell.counts[i] ?? 0) + 1;
      cell.sum += seconds;
      cell.count++;
    },
    countOf: (route, method, status) => cells.get(route)?.get(method)?.get(status)?.count,
  };
  // The registry only calls get()/reset() and reads name/help/type: the shape of a prom-client
  // metric, which its typings spell as the union of its own classes.
  const metric = {
    name: options.name,
    help: options.help,
    type: 'histogram',
    aggregator: 'sum',
    get,
    reset: () => {
      cells = new Map();
    },
  };
  options.registry.registerMetric(metric as unknown as Metric);
  return timings;
}
