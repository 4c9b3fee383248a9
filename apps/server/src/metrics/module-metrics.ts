// Module hook metrics (upstream G metrics/prometheus createModulesMetrics, RecordModule*; recorded as
// hookexecution/execution.go handleHookResponse does): per enabled module, its name with `.` and `-`
// turned into `_`, one counter per outcome and a duration histogram, each labelled by stage:
// `gavel_modules_<module>_called_total{stage}`, `…_failed_total`, `…_success_noops_total`,
// `…_success_updates_total`, `…_success_rejects_total`, `…_execution_errors_total`, `…_timeouts_total`
// and `gavel_modules_<module>_duration{stage}` (seconds). Go's Prometheus engine has no account label
// on these either.
import {
  createBatchedCounter,
  createFastHistogram,
  type BatchedCounter,
  type CounterCell,
  type FastHistogram,
  type HistogramCell,
} from '@gavel/common';
import type { Registry } from 'prom-client';
import type { InvocationEvent, ModuleCount } from '../modules/hooks/index.js';

const COUNTS: readonly (ModuleCount | 'called')[] = [
  'called',
  'failed',
  'success_noops',
  'success_updates',
  'success_rejects',
  'execution_errors',
  'timeouts',
];

const HELP: Record<ModuleCount | 'called', string> = {
  called: 'Count of module calls labeled by stage name.',
  failed: 'Count of module fails labeled by stage name.',
  success_noops: 'Count of module successful noops labeled by stage name.',
  success_updates: 'Count of module successful updates labeled by stage name.',
  success_rejects: 'Count of module successful rejects labeled by stage name.',
  execution_errors: 'Count of module execution errors labeled by stage name.',
  timeouts: 'Count of module timeouts labeled by stage name.',
};

/** Upstream's standard time buckets (seconds), as its module duration uses. */
const TIME_BUCKETS = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1];

/**
 * The name part of a module code: G moduleReplacer turns `.` and `-` into `_`; any other character a
 * Prometheus name cannot hold goes the same way (a host module's code must not stop the server).
 */
export function moduleMetricName(moduleCode: string): string {
  return moduleCode.replace(/[^a-zA-Z0-9_]/g, '_');
}

interface ModuleSeries {
  counters: Record<ModuleCount | 'called', BatchedCounter>;
  duration: FastHistogram<'stage'>;
}

/** One stage's cells of one module, resolved once. */
interface StageCells {
  counts: Record<ModuleCount | 'called', CounterCell>;
  duration: HistogramCell;
}

function moduleSeries(registry: Registry, prefix: string, name: string): ModuleSeries {
  const counters = {} as Record<ModuleCount | 'called', BatchedCounter>;
  for (const count of COUNTS)
    counters[count] = createBatchedCounter({
      name: `${prefix}modules_${name}_${count}_total`,
      help: HELP[count],
      labelNames: ['stage'],
      registry,
    });
  const duration = createFastHistogram({
    name: `${prefix}modules_${name}_duration`,
    help: 'Amount of seconds a module processed a hook labeled by stage name.',
    labelNames: ['stage'] as const,
    buckets: TIME_BUCKETS,
    registry,
  });
  return { counters, duration };
}

function stageCells(series: ModuleSeries, stage: string): StageCells {
  const counts = {} as Record<ModuleCount | 'called', CounterCell>;
  for (const count of COUNTS) counts[count] = series.counters[count].labels(stage);
  return { counts, duration: series.duration.labels({ stage }) };
}

/**
 * The executor's `onInvocation` for the modules that may run (codes as planned, e.g.
 * `prebid.ortb2blocking`). An invocation of a module not named here is not counted (series are
 * registered at start-up, as upstream registers them for its built modules).
 */
export function createModuleMetrics(o: {
  registry: Registry;
  prefix: string;
  moduleCodes: readonly string[];
}): (event: InvocationEvent) => void {
  const byModule = new Map<string, { series: ModuleSeries; stages: Map<string, StageCells> }>();
  // Codes that differ only in `.` / `-` / `_` share their series (one name each in the registry).
  const byName = new Map<string, { series: ModuleSeries; stages: Map<string, StageCells> }>();
  for (const code of o.moduleCodes) {
    const name = moduleMetricName(code);
    let entry = byName.get(name);
    if (!entry)
      byName.set(name, (entry = { series: moduleSeries(o.registry, o.prefix, name), stages: new Map() }));
    byModule.set(code, entry);
  }
  return (event) => {
    const entry = byModule.get(event.moduleCode);
    if (!entry) return;
    let cells = entry.stages.get(event.stage);
    if (!cells) entry.stages.set(event.stage, (cells = stageCells(entry.series, event.stage)));
    cells.counts.called.inc();
    cells.duration.observe(event.durationMs / 1000);
    for (const count of event.counts) cells.counts[count].inc();
  };
}
