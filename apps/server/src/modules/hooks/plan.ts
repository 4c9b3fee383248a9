// Which hooks run at a stage (G hooks/plan.go): the host plan's groups first, then the account's own
// plan or, without one, the host's default account plan. A hook the modules do not provide is left
// out (upstream logs it); a group left empty is dropped.
import { applyMergePatch } from '../../openrtb/merge-patch.js';
import type { Hook, Module, Stage } from '../types.js';
import type { ExecutionPlan, ModulesConfig } from './types.js';

export interface PlannedHook {
  readonly moduleCode: string;
  readonly implCode: string;
  readonly hook: Hook<Stage>;
}

export interface PlannedGroup {
  readonly timeout: number;
  readonly hooks: readonly PlannedHook[];
}

type Obj = Readonly<Record<string, unknown>>;

/** `vendor.module` → its entry of a modules config (none for a code without a dot, as upstream). */
export function moduleConfigOf(config: ModulesConfig | undefined, moduleCode: string): Obj | undefined {
  const dot = moduleCode.indexOf('.');
  if (!config || dot <= 0) return undefined;
  return config[moduleCode.slice(0, dot)]?.[moduleCode.slice(dot + 1)];
}

/** The host's module config with the account's merged over it (RFC 7386). */
export function mergedModuleConfig(
  host: ModulesConfig | undefined,
  account: ModulesConfig | undefined,
  moduleCode: string,
): Obj | undefined {
  const h = moduleConfigOf(host, moduleCode);
  const a = moduleConfigOf(account, moduleCode);
  if (a === undefined) return h;
  if (h === undefined) return a;
  return applyMergePatch(h, a) as Obj;
}

/** The modules whose host config says `enabled: true` (G modules.Builder: modules are opt-in). */
export function enabledModules(modules: readonly Module[], hostConfig: ModulesConfig | undefined): Module[] {
  return modules.filter((m) => moduleConfigOf(hostConfig, m.code)?.['enabled'] === true);
}

/**
 * The module's hook at `stage` named `implCode`; a module with a single hook at that stage answers
 * to any impl code (upstream Go keys hooks by module only, the impl code being a label).
 */
function findHook(module: Module | undefined, stage: Stage, implCode: string): Hook<Stage> | undefined {
  const hooks = module?.hooks[stage] as Readonly<Record<string, Hook<Stage>>> | undefined;
  if (!hooks) return undefined;
  const exact = hooks[implCode];
  if (exact) return exact;
  const all = Object.values(hooks);
  return all.length === 1 ? all[0] : undefined;
}

export class PlanResolver {
  private readonly byCode: ReadonlyMap<string, Module>;
  private readonly cache = new WeakMap<ExecutionPlan, Map<string, readonly PlannedGroup[]>>();

  constructor(modules: readonly Module[]) {
    this.byCode = new Map(modules.map((m) => [m.code, m]));
  }

  /** The groups of one plan for an endpoint and stage (cached per plan object). */
  groups(plan: ExecutionPlan | undefined, endpoint: string, stage: Stage): readonly PlannedGroup[] {
    if (!plan) return [];
    let perPlan = this.cache.get(plan);
    if (!perPlan) {
      perPlan = new Map();
      this.cache.set(plan, perPlan);
    }
    const key = `${endpoint} ${stage}`;
    let groups = perPlan.get(key);
    if (!groups) {
      groups = this.build(plan, endpoint, stage);
      perPlan.set(key, groups);
    }
    return groups;
  }

  private build(plan: ExecutionPlan, endpoint: string, stage: Stage): readonly PlannedGroup[] {
    const out: PlannedGroup[] = [];
    for (const g of plan.endpoints[endpoint]?.stages[stage]?.groups ?? []) {
      const hooks: PlannedHook[] = [];
      for (const ref of g.hook_sequence) {
        const hook = findHook(this.byCode.get(ref.module_code), stage, ref.hook_impl_code);
        if (hook) hooks.push({ moduleCode: ref.module_code, implCode: ref.hook_impl_code, hook });
      }
      if (hooks.length > 0) out.push({ timeout: g.timeout, hooks });
    }
    return out;
  }
}
