// `ext.<ns>.modules` of a response (G hookexecution/enricher.go GetModulesJSON): errors and warnings
// by module and hook when debug is on, and the trace when the request asks for one
// (`ext.<ns>.trace`: `basic` without debug messages, `verbose` with them). Key order and omitted
// fields follow upstream Go's JSON; times are whole milliseconds (Go writes its Duration there).
import { setOwn } from '@gavel/common';
import type { AnalyticsTags } from '../types.js';
import type { HookOutcome, ModulesExtOptions, RequestHooks, StageOutcome } from './types.js';

type Obj = Record<string, unknown>;
type Messages = Record<string, Record<string, string[]>>;
type AnalyticsResult = NonNullable<AnalyticsTags['activities'][number]['results']>[number];

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `ext.<ns>.trace` of a request (`basic`, `verbose`, or anything else = no trace). */
export function traceLevelOf(requestExt: unknown, ns: string): string | undefined {
  const block = isObj(requestExt) ? requestExt[ns] : undefined;
  const trace = isObj(block) ? block['trace'] : undefined;
  return typeof trace === 'string' ? trace : undefined;
}

function timed(ms: number, rest: Obj): Obj {
  return ms > 0 ? Object.assign({ execution_time_millis: ms }, rest) : rest;
}

/** Go's omitempty: nil, "", false, an empty slice or an empty map. */
function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  return isObj(v) && Object.keys(v).length === 0;
}

function nonEmpty(o: Obj): Obj {
  const out: Obj = {};
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (!isEmpty(v)) setOwn(out, k, v); // a key named __proto__ stays a key
  }
  return out;
}

/**
 * One activity result as Go marshals hookanalytics.Result: `status` and `values` omitted when empty,
 * `appliedto` always there (omitempty does not omit a struct value: `{}` when nothing applies), its
 * own fields omitted when empty.
 */
function resultJson(r: AnalyticsResult): Obj {
  const out: Obj = {};
  if (!isEmpty(r.status)) out['status'] = r.status;
  if (!isEmpty(r.values)) out['values'] = r.values;
  out['appliedto'] = isObj(r.appliedto) ? nonEmpty(r.appliedto) : {};
  return out;
}

/** hookanalytics.Analytics with Go's omitempty: `{}` without activities. */
function analyticsJson(tags: AnalyticsTags | undefined): Obj {
  if (!tags || tags.activities.length === 0) return {};
  return {
    activities: tags.activities.map((a) => {
      const results = (a.results ?? []).map(resultJson);
      return results.length > 0
        ? { name: a.name, status: a.status, results }
        : { name: a.name, status: a.status };
    }),
  };
}

function hookJson(h: HookOutcome, verbose: boolean): Obj {
  const out: Obj = {
    analytics_tags: analyticsJson(h.analyticsTags),
    hook_id: h.hookId, // built per outcome with exactly these two keys (outcome.ts)
    status: h.status,
    action: h.action,
    message: h.message,
  };
  if (verbose && h.debugMessages.length > 0) out['debug_messages'] = [...h.debugMessages];
  return timed(h.executionTimeMs, out);
}

function outcomeJson(o: StageOutcome, verbose: boolean): Obj {
  const groups = o.groups.map((g) =>
    timed(g.executionTimeMs, { invocation_results: g.invocationResults.map((h) => hookJson(h, verbose)) }),
  );
  return timed(o.executionTimeMs, { entity: o.entity, groups });
}

/**
 * The module outcomes as upstream hands them to analytics adapters (G AuctionObject / AmpObject
 * `HookExecutionOutcome`): each stage outcome's JSON as of the answer's modules ext, errors and
 * warnings not, debug messages only for a verbose trace (`RequestHooks.reported`); undefined when
 * no module stage ran or the answer had no modules ext built (a request refused with an error).
 */
export function analyticsHookOutcomes(hooks: RequestHooks | undefined): Obj[] | undefined {
  const reported = hooks?.active ? hooks.reported() : undefined;
  if (!reported || reported.outcomes.length === 0) return undefined;
  return reported.outcomes.map((o) => outcomeJson(o, reported.verbose));
}

function addMessages(into: Messages, values: readonly string[], h: HookOutcome): void {
  if (values.length === 0) return;
  const byHook = (into[h.hookId.module_code] ??= {});
  (byHook[h.hookId.hook_impl_code] ??= []).push(...values);
}

/** Go marshals maps with sorted keys. */
function sorted(m: Messages): Messages {
  const out: Messages = {};
  for (const mod of Object.keys(m).sort()) {
    const hooks: Record<string, string[]> = {};
    const byHook = m[mod] ?? {};
    for (const hook of Object.keys(byHook).sort()) hooks[hook] = byHook[hook] ?? [];
    out[mod] = hooks;
  }
  return out;
}

function traceJson(outcomes: readonly StageOutcome[], verbose: boolean): Obj | undefined {
  const stages = new Map<string, { ms: number; outcomes: Obj[] }>();
  for (const o of outcomes) {
    if (o.groups.length === 0) continue;
    const entry = stages.get(o.stage) ?? { ms: 0, outcomes: [] };
    entry.outcomes.push(outcomeJson(o, verbose));
    entry.ms = Math.max(entry.ms, o.executionTimeMs);
    stages.set(o.stage, entry);
  }
  if (stages.size === 0) return undefined;
  let total = 0;
  const list: Obj[] = [];
  for (const [stage, e] of stages) {
    total += e.ms;
    list.push(timed(e.ms, { stage, outcomes: e.outcomes }));
  }
  return timed(total, { stages: list });
}

/** The `modules` object, or undefined when there is nothing to show (G returns no key then). */
export function modulesJson(
  outcomes: readonly StageOutcome[],
  options: ModulesExtOptions,
): Record<string, unknown> | undefined {
  if (outcomes.length === 0) return undefined;
  const errors: Messages = {};
  const warnings: Messages = {};
  if (options.debug) {
    for (const o of outcomes)
      for (const g of o.groups)
        for (const h of g.invocationResults) {
          addMessages(errors, h.errors, h);
          addMessages(warnings, h.warnings, h);
        }
  }
  const level = options.traceLevel;
  const trace =
    level === 'basic' || level === 'verbose' ? traceJson(outcomes, level === 'verbose') : undefined;
  const out: Obj = {};
  if (Object.keys(errors).length > 0) out['errors'] = sorted(errors);
  if (Object.keys(warnings).length > 0) out['warnings'] = sorted(warnings);
  if (trace) out['trace'] = trace;
  return Object.keys(out).length > 0 ? out : undefined;
}
