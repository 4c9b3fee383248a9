// `ext.<ns>.modules` of a response (G hookexecution/enricher.go GetModulesJSON): errors and warnings
// by module and hook when debug is on, and the trace when the request asks for one
// (`ext.<ns>.trace`: `basic` without debug messages, `verbose` with them). Key order and omitted
// fields follow upstream Go's JSON; times are whole milliseconds (Go writes its Duration there).
import { DeferredJson, setOwn } from '@gavel/common';
import type { AnalyticsTags } from '../types.js';
import type { GroupOutcome, HookOutcome, ModulesExtOptions, RequestHooks, StageOutcome } from './types.js';

type Obj = Record<string, unknown>;
type Messages = Record<string, Record<string, string[]>>;

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

/** Go's omitempty for the values of analytics results. */
function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  return isObj(v) && Object.keys(v).length === 0;
}

function nonEmpty(o: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) if (!isEmptyValue(v)) setOwn(out, k, v);
  return out;
}

/** hookanalytics.Analytics with Go's omitempty: `{}` without activities. */
function analyticsJson(tags: AnalyticsTags | undefined): Obj {
  if (!tags || tags.activities.length === 0) return {};
  return {
    activities: tags.activities.map((a) => {
      const results = (a.results ?? []).map((r) =>
        nonEmpty({
          status: r.status,
          values: r.values,
          appliedto: isObj(r.appliedto) ? nonEmpty(r.appliedto) : undefined,
        }),
      );
      return results.length > 0
        ? { name: a.name, status: a.status, results }
        : { name: a.name, status: a.status };
    }),
  };
}

function hookJson(h: HookOutcome, verbose: boolean): Obj {
  const out: Obj = {
    analytics_tags: analyticsJson(h.analyticsTags),
    hook_id: { module_code: h.hookId.module_code, hook_impl_code: h.hookId.hook_impl_code },
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
 * `HookExecutionOutcome`: each stage outcome's JSON, debug messages included, errors and warnings
 * not); undefined when no module stage ran. Deferred: the outcomes so far are kept, and the list is
 * built (or written straight as JSON text) only when an adapter asks for it.
 */
export function analyticsHookOutcomes(hooks: RequestHooks | undefined): DeferredJson<Obj[]> | undefined {
  if (!hooks?.active) return undefined;
  const outcomes = hooks.outcomes().slice();
  if (outcomes.length === 0) return undefined;
  return new DeferredJson(
    () => outcomes.map((o) => outcomeJson(o, true)),
    () => analyticsOutcomesText(outcomes),
  );
}

/** `{"module_code":…,"hook_impl_code":…}` by module code, then hook code (a few per server). */
const hookIdTexts = new Map<string, Map<string, string>>();

function hookIdText(id: HookOutcome['hookId']): string {
  let byImpl = hookIdTexts.get(id.module_code);
  if (byImpl === undefined) hookIdTexts.set(id.module_code, (byImpl = new Map<string, string>()));
  let text = byImpl.get(id.hook_impl_code);
  if (text === undefined) {
    text = JSON.stringify({ module_code: id.module_code, hook_impl_code: id.hook_impl_code });
    byImpl.set(id.hook_impl_code, text);
  }
  return text;
}

const timedText = (ms: number): string => (ms > 0 ? `"execution_time_millis":${JSON.stringify(ms)},` : '');

/** `,"key":<JSON>` as a property of an object literal writes it: nothing for a value JSON leaves out. */
function prop(key: string, value: unknown): string {
  const json = JSON.stringify(value) as string | undefined;
  return json === undefined ? '' : `,${JSON.stringify(key)}:${json}`;
}

/** Exactly JSON.stringify(nonEmpty(o)). */
function nonEmptyText(o: Obj): string {
  let out = '';
  for (const [k, v] of Object.entries(o)) if (!isEmptyValue(v)) out += prop(k, v);
  return `{${out.slice(1)}}`;
}

/** One result of an activity, as analyticsJson writes it. */
function resultText(r: NonNullable<AnalyticsTags['activities'][number]['results']>[number]): string {
  let out = isEmptyValue(r.status) ? '' : prop('status', r.status);
  if (!isEmptyValue(r.values)) out += prop('values', r.values);
  const applied = isObj(r.appliedto) ? nonEmptyText(r.appliedto) : '{}';
  if (applied !== '{}') out += `,"appliedto":${applied}`;
  return `{${out.slice(1)}}`;
}

/** Exactly JSON.stringify(analyticsJson(tags)). */
function tagsText(tags: AnalyticsTags | undefined): string {
  if (!tags || tags.activities.length === 0) return '{}';
  const activities = tags.activities.map((a) => {
    let out = prop('name', a.name) + prop('status', a.status);
    const results = a.results ?? [];
    if (results.length > 0) out += `,"results":[${results.map(resultText).join(',')}]`;
    return `{${out.slice(1)}}`;
  });
  return `{"activities":[${activities.join(',')}]}`;
}

function hookText(h: HookOutcome): string {
  // A module's own message that is not a string (a JS module's mistake) is written as the object form writes it.
  if (typeof h.message !== 'string') return JSON.stringify(hookJson(h, true));
  const debug = h.debugMessages.length > 0 ? `,"debug_messages":${JSON.stringify(h.debugMessages)}` : '';
  return (
    `{${timedText(h.executionTimeMs)}"analytics_tags":${tagsText(h.analyticsTags)},"hook_id":${hookIdText(h.hookId)},` +
    `"status":${JSON.stringify(h.status)},"action":${JSON.stringify(h.action)},"message":${JSON.stringify(h.message)}${debug}}`
  );
}

/** Exactly `JSON.stringify(outcomes.map((o) => outcomeJson(o, true)))`, without the object tree. */
export function analyticsOutcomesText(outcomes: readonly StageOutcome[]): string {
  let out = '[';
  for (let i = 0; i < outcomes.length; i++) {
    const o = outcomes[i] as StageOutcome;
    out += `${i > 0 ? ',' : ''}{${timedText(o.executionTimeMs)}"entity":${JSON.stringify(o.entity)},"groups":[`;
    for (let j = 0; j < o.groups.length; j++) {
      const g = o.groups[j] as GroupOutcome;
      out += `${j > 0 ? ',' : ''}{${timedText(g.executionTimeMs)}"invocation_results":[`;
      for (let k = 0; k < g.invocationResults.length; k++)
        out += `${k > 0 ? ',' : ''}${hookText(g.invocationResults[k] as HookOutcome)}`;
      out += ']}';
    }
    out += ']}';
  }
  return `${out}]`;
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
