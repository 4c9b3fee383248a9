// Checking execution plans and module configs that come as plain JSON (the account document's
// `hooks`, or a host plan given as text): every problem is reported with its path. The host config
// is also checked by its TypeBox schema (config-section.ts); this parser gives the same shape.
import { STAGES, type Stage } from '../types.js';
import type { AccountHooks, ExecutionPlan, HookRef, ModulesConfig, PlanGroup, StagePlan } from './types.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class PlanError extends Error {}

function fail(path: string, what: string): never {
  throw new PlanError(`${path}: ${what}`);
}

function only(obj: Obj, path: string, keys: readonly string[]): void {
  for (const key of Object.keys(obj)) {
    if (!keys.includes(key)) fail(path, `unknown key "${key}" (expected ${keys.join(', ')})`);
  }
}

function object(v: unknown, path: string): Obj {
  return isObj(v) ? v : fail(path, 'must be an object');
}

function hookRef(v: unknown, path: string): HookRef {
  const o = object(v, path);
  only(o, path, ['module_code', 'hook_impl_code']);
  const moduleCode = o['module_code'];
  const implCode = o['hook_impl_code'];
  if (typeof moduleCode !== 'string' || moduleCode === '')
    fail(`${path}.module_code`, 'must be a non-empty string');
  if (typeof implCode !== 'string' || implCode === '')
    fail(`${path}.hook_impl_code`, 'must be a non-empty string');
  return { module_code: moduleCode, hook_impl_code: implCode };
}

function group(v: unknown, path: string): PlanGroup {
  const o = object(v, path);
  only(o, path, ['timeout', 'hook_sequence']);
  const timeout = o['timeout'] ?? 0;
  if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < 0)
    fail(`${path}.timeout`, 'must be a non-negative integer (milliseconds)');
  const seq = o['hook_sequence'] ?? [];
  if (!Array.isArray(seq)) fail(`${path}.hook_sequence`, 'must be an array');
  return { timeout, hook_sequence: seq.map((h, i) => hookRef(h, `${path}.hook_sequence[${i}]`)) };
}

function stagePlan(v: unknown, path: string): StagePlan {
  const o = object(v, path);
  only(o, path, ['groups']);
  const groups = o['groups'] ?? [];
  if (!Array.isArray(groups)) fail(`${path}.groups`, 'must be an array');
  return { groups: groups.map((g, i) => group(g, `${path}.groups[${i}]`)) };
}

function endpointPlan(v: unknown, path: string): { stages: Partial<Record<Stage, StagePlan>> } {
  const o = object(v, path);
  only(o, path, ['stages']);
  const stages = object(o['stages'] ?? {}, `${path}.stages`);
  const out: Partial<Record<Stage, StagePlan>> = {};
  for (const [name, plan] of Object.entries(stages)) {
    const stage = STAGES.find((s) => s === name);
    if (!stage) fail(`${path}.stages`, `unknown stage "${name}" (known: ${STAGES.join(', ')})`);
    out[stage] = stagePlan(plan, `${path}.stages.${name}`);
  }
  return { stages: out };
}

function plan(v: unknown, path: string): ExecutionPlan {
  const o = object(v, path);
  only(o, path, ['endpoints']);
  const endpoints = object(o['endpoints'] ?? {}, `${path}.endpoints`);
  const out: Record<string, { stages: Partial<Record<Stage, StagePlan>> }> = {};
  for (const [endpoint, ep] of Object.entries(endpoints)) {
    if (!endpoint.startsWith('/')) fail(`${path}.endpoints`, `endpoint "${endpoint}" must start with /`);
    out[endpoint] = endpointPlan(ep, `${path}.endpoints.${endpoint}`);
  }
  return { endpoints: out };
}

function modules(v: unknown, path: string): ModulesConfig {
  const vendors = object(v, path);
  const out: Record<string, Record<string, Obj>> = {};
  for (const [vendor, mods] of Object.entries(vendors)) {
    const byName = object(mods, `${path}.${vendor}`);
    const cfgs: Record<string, Obj> = {};
    for (const [name, cfg] of Object.entries(byName)) cfgs[name] = object(cfg, `${path}.${vendor}.${name}`);
    out[vendor] = cfgs;
  }
  return out;
}

function attempt<T>(run: () => T): Parsed<T> {
  try {
    return { ok: true, value: run() };
  } catch (err) {
    if (err instanceof PlanError) return { ok: false, error: err.message };
    throw err;
  }
}

/** An execution plan (Go's JSON shape); `path` prefixes the error texts. */
export function parseExecutionPlan(raw: unknown, path = 'execution_plan'): Parsed<ExecutionPlan> {
  return attempt(() => plan(raw, path));
}

/** `modules.<vendor>.<module>` objects. */
export function parseModulesConfig(raw: unknown, path = 'modules'): Parsed<ModulesConfig> {
  return attempt(() => modules(raw, path));
}

/** The account document's `hooks` (absent/null = no account hooks). */
export function parseAccountHooks(raw: unknown, path = 'hooks'): Parsed<AccountHooks | undefined> {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  return attempt(() => {
    const o = object(raw, path);
    only(o, path, ['execution_plan', 'modules']);
    const out: { execution_plan?: ExecutionPlan; modules?: ModulesConfig } = {};
    if (o['execution_plan'] != null) out.execution_plan = plan(o['execution_plan'], `${path}.execution_plan`);
    if (o['modules'] != null) out.modules = modules(o['modules'], `${path}.modules`);
    return out;
  });
}
