// The hook executor (G hookexecution/executor.go): one per server, bound to each request with
// forRequest(). A stage runs its planned groups one after another; each group's hooks in parallel;
// the group's successful mutations are applied in plan order; a rejection stops the stage. Module
// contexts live as long as the request. Without modules (or with hooks disabled) it is a no-op.
import { systemClock, type Clock } from '@gavel/common';
import type { InvocationContext, Module, Stage, StagePayloads } from '../types.js';
import { modulesJson } from './modules-ext.js';
import { applyResponse, moduleCounts, type Applied, type ModuleCount } from './outcome.js';
import { mergedModuleConfig, PlanResolver, type PlannedGroup, type PlannedHook } from './plan.js';
import { runGroup, type HookResponse } from './run-group.js';
import type {
  ExecutionPlan,
  GroupOutcome,
  HookExecutor,
  HookOutcome,
  HookRejection,
  HooksAccount,
  ModulesConfig,
  ModulesExtOptions,
  ReportedOutcomes,
  RequestHooks,
  StageOutcome,
  StageRun,
} from './types.js';

/** One finished invocation, for metrics (G RecordModuleCalled/…Timeout/…Failed/…Rejected). */
export interface InvocationEvent {
  readonly moduleCode: string;
  readonly stage: Stage;
  readonly accountId: string;
  readonly outcome: HookOutcome;
  /** How long the hook ran (unrounded; the outcome's executionTimeMs is whole milliseconds). */
  readonly durationMs: number;
  /** The counters this invocation adds besides `called` (outcome.ts moduleCounts). */
  readonly counts: readonly ModuleCount[];
}

export interface HookExecutorOptions {
  /** The modules that may run (built-ins filtered with enabledModules(), plus test modules). */
  modules: readonly Module[];
  /** `hooks.enabled`; default true. */
  enabled?: boolean;
  hostPlan?: ExecutionPlan;
  defaultAccountPlan?: ExecutionPlan;
  /** `hooks.modules`: each hook gets its module's entry with the account's merged over it. */
  hostModuleConfig?: ModulesConfig;
  clock?: Clock;
  onInvocation?: (event: InvocationEvent) => void;
}

interface Shared {
  readonly resolver: PlanResolver;
  readonly hostPlan: ExecutionPlan | undefined;
  readonly defaultAccountPlan: ExecutionPlan | undefined;
  readonly hostModuleConfig: ModulesConfig | undefined;
  readonly clock: Clock;
  readonly onInvocation: ((event: InvocationEvent) => void) | undefined;
  /** Merged module configs by account `hooks.modules` object (accounts are cached and shared). */
  readonly merged: WeakMap<object, Map<string, Readonly<Record<string, unknown>> | undefined>>;
  /** Planned groups by account `hooks` object, endpoint, then stage (plans are per account, not per request). */
  readonly plans: WeakMap<object, Map<string, Map<Stage, readonly PlannedGroup[]>>>;
}

const NO_ACCOUNT_MODULES = {};

/**
 * The module's host config with the account's merged over it, built once per account document so
 * that modules can keep what they parse from it by identity (ortb2blocking does).
 */
function moduleConfigFor(
  shared: Shared,
  accountModules: ModulesConfig | undefined,
  moduleCode: string,
): Readonly<Record<string, unknown>> | undefined {
  const key = accountModules ?? NO_ACCOUNT_MODULES;
  let byModule = shared.merged.get(key);
  if (!byModule)
    shared.merged.set(key, (byModule = new Map<string, Readonly<Record<string, unknown>> | undefined>()));
  if (byModule.has(moduleCode)) return byModule.get(moduleCode);
  const merged = mergedModuleConfig(shared.hostModuleConfig, accountModules, moduleCode);
  byModule.set(moduleCode, merged);
  return merged;
}

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

/** One stage run in progress: its trace entry and the payload as the groups so far left it. */
interface StageState {
  readonly outcome: StageOutcome;
  current: StagePayloads[Stage];
  updated: boolean;
  reject?: HookRejection;
}

function defaultEntity(stage: Stage, payload: unknown): string {
  if (stage === 'entrypoint') return 'http-request';
  if (stage === 'raw_auction_request' || stage === 'processed_auction_request') return 'auction-request';
  if (stage === 'bidder_request' || stage === 'raw_bidder_response')
    return (payload as { bidder: string }).bidder;
  return stage; // all_processed_bid_responses, auction_response, exitpoint
}

/**
 * One hook call's context. A class with the `signal` getter on its prototype: an object literal with
 * a getter is built by the runtime with its accessor pair in old space, and that old garbage kept the
 * getter's closure, and through it the whole auction, alive through every scavenge until the next
 * full GC (hooks cost twice their CPU in GC; docs/performance.md, 2026-11-27 night).
 */
class Invocation implements InvocationContext {
  readonly endpoint: string;
  readonly accountId: string;
  readonly accountConfig: Readonly<Record<string, unknown>> | undefined;
  readonly moduleContext: Readonly<Record<string, unknown>>;
  readonly hookImplCode: string;
  readonly #signal: () => AbortSignal;

  constructor(fields: Omit<InvocationContext, 'signal'>, signal: () => AbortSignal) {
    this.endpoint = fields.endpoint;
    this.accountId = fields.accountId;
    this.accountConfig = fields.accountConfig;
    this.moduleContext = fields.moduleContext;
    this.hookImplCode = fields.hookImplCode;
    this.#signal = signal;
  }

  get signal(): AbortSignal {
    return this.#signal();
  }
}

class RequestExecutor implements RequestHooks {
  readonly active = true;
  private account: HooksAccount | undefined;
  private readonly stageOutcomes: StageOutcome[] = [];
  private reportedOutcomes: ReportedOutcomes | undefined;
  private readonly contexts = new Map<string, Readonly<Record<string, unknown>>>();
  /** This request's plan by stage (has() and run() both ask for it). */
  private planned: Map<Stage, readonly PlannedGroup[]> | undefined;

  constructor(
    private readonly shared: Shared,
    private readonly endpoint: string,
    account: HooksAccount | undefined,
  ) {
    this.account = account;
  }

  setAccount(account: HooksAccount): void {
    this.account = account;
    this.planned = undefined;
  }

  has(stage: Stage): boolean {
    return this.groups(stage).length > 0;
  }

  outcomes(): readonly StageOutcome[] {
    return this.stageOutcomes;
  }

  modulesExt(options: ModulesExtOptions): Record<string, unknown> | undefined {
    this.reportedOutcomes = {
      outcomes: this.stageOutcomes.slice(),
      verbose: options.traceLevel === 'verbose',
    };
    return modulesJson(this.stageOutcomes, options);
  }

  reported(): ReportedOutcomes | undefined {
    return this.reportedOutcomes;
  }

  run<S extends Stage>(stage: S, payload: StagePayloads[S], entity?: string): Promise<StageRun<S>> {
    const groups = this.groups(stage);
    if (groups.length === 0) return Promise.resolve({ payload, updated: false });
    const state: StageState = {
      outcome: { stage, entity: entity ?? defaultEntity(stage, payload), executionTimeMs: 0, groups: [] },
      current: payload,
      updated: false,
    };
    try {
      return this.runFrom(stage, groups, 0, state) as Promise<StageRun<S>>;
    } catch (err) {
      // As the async function this was: a throw becomes the rejection.
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  /**
   * The stage's groups from `from` on. While every hook answers synchronously this goes on without a
   * promise per group (17 stage runs per auction of row M); a group with a pending hook continues
   * once it settles.
   */
  private runFrom(
    stage: Stage,
    groups: readonly PlannedGroup[],
    from: number,
    state: StageState,
  ): Promise<StageRun<Stage>> {
    for (let i = from; i < groups.length; i++) {
      const group = groups[i] as PlannedGroup;
      const responses = runGroup({
        group,
        payload: state.current,
        clock: this.shared.clock,
        contextFor: (hook, signal) => this.invocationContext(hook, signal),
      });
      if (!Array.isArray(responses)) {
        return responses.then((settled) =>
          this.absorb(stage, settled, state) ? this.finish(state) : this.runFrom(stage, groups, i + 1, state),
        );
      }
      if (this.absorb(stage, responses, state)) break;
    }
    return Promise.resolve(this.finish(state));
  }

  /** One group's responses into the stage: true when a hook rejected (the stage stops there). */
  private absorb(stage: Stage, responses: readonly HookResponse[], state: StageState): boolean {
    const out: GroupOutcome = { executionTimeMs: 0, invocationResults: [] };
    state.outcome.groups.push(out);
    let current = state.current;
    let updated = false;
    for (const r of responses) {
      if (r.result.moduleContext) this.keepContext(r.hook.moduleCode, r.result.moduleContext);
      out.executionTimeMs = Math.max(out.executionTimeMs, r.executionTimeMs);
      const applied = applyResponse(stage, current, r);
      out.invocationResults.push(applied.outcome);
      this.report(stage, r, applied);
      if (applied.reject) {
        // The group's payload stays as it came in, as upstream drops a rejecting group's changes.
        state.outcome.executionTimeMs += out.executionTimeMs;
        state.reject = applied.reject;
        return true;
      }
      current = applied.payload;
      updated ||= applied.updated;
    }
    state.outcome.executionTimeMs += out.executionTimeMs;
    state.current = current;
    state.updated ||= updated;
    return false;
  }

  private finish(state: StageState): StageRun<Stage> {
    this.stageOutcomes.push(state.outcome);
    const { current: payload, reject, updated } = state;
    return reject ? { payload, reject, updated } : { payload, updated };
  }

  private invocationContext(hook: PlannedHook, signal: () => AbortSignal): InvocationContext {
    return new Invocation(
      {
        endpoint: this.endpoint,
        accountId: this.account?.id ?? '',
        accountConfig: moduleConfigFor(this.shared, this.account?.hooks?.modules, hook.moduleCode),
        moduleContext: this.contexts.get(hook.moduleCode) ?? EMPTY,
        hookImplCode: hook.implCode,
      },
      signal,
    );
  }

  private keepContext(moduleCode: string, values: Readonly<Record<string, unknown>>): void {
    this.contexts.set(moduleCode, Object.assign({}, this.contexts.get(moduleCode), values));
  }

  private report(stage: Stage, r: HookResponse, applied: Applied<unknown>): void {
    const on = this.shared.onInvocation;
    if (!on) return;
    on({
      moduleCode: r.hook.moduleCode,
      stage,
      accountId: this.account?.id ?? '',
      outcome: applied.outcome,
      durationMs: r.durationMs,
      counts: moduleCounts(stage, r, applied),
    });
  }

  /** Host groups, then the account's plan (or the default account plan); hooks of modules the account disables left out. */
  private groups(stage: Stage): readonly PlannedGroup[] {
    this.planned ??= this.plannedForAccount();
    let groups = this.planned.get(stage);
    if (groups === undefined) this.planned.set(stage, (groups = this.resolveGroups(stage)));
    return groups;
  }

  private plannedForAccount(): Map<Stage, readonly PlannedGroup[]> {
    const owner = this.account?.hooks ?? NO_ACCOUNT_MODULES;
    let byEndpoint = this.shared.plans.get(owner);
    if (!byEndpoint)
      this.shared.plans.set(owner, (byEndpoint = new Map<string, Map<Stage, readonly PlannedGroup[]>>()));
    let byStage = byEndpoint.get(this.endpoint);
    if (!byStage) byEndpoint.set(this.endpoint, (byStage = new Map<Stage, readonly PlannedGroup[]>()));
    return byStage;
  }

  private resolveGroups(stage: Stage): readonly PlannedGroup[] {
    const { resolver, hostPlan, defaultAccountPlan } = this.shared;
    const accountPlan = this.account?.hooks?.execution_plan ?? defaultAccountPlan;
    const all = [
      ...resolver.groups(hostPlan, this.endpoint, stage),
      ...resolver.groups(accountPlan, this.endpoint, stage),
    ];
    return this.account?.hooks?.modules
      ? all.map((g) => this.withoutDisabled(g)).filter((g) => g.hooks.length > 0)
      : all;
  }

  private withoutDisabled(group: PlannedGroup): PlannedGroup {
    const { hostModuleConfig } = this.shared;
    const accountModules = this.account?.hooks?.modules;
    const enabled = (h: PlannedHook) =>
      mergedModuleConfig(hostModuleConfig, accountModules, h.moduleCode)?.['enabled'] !== false;
    const hooks = group.hooks.filter(enabled);
    return hooks.length === group.hooks.length ? group : { timeout: group.timeout, hooks };
  }
}

const NOOP_REQUEST: RequestHooks = {
  active: false,
  setAccount: () => undefined,
  has: () => false,
  run: <S extends Stage>(_stage: S, payload: StagePayloads[S]) =>
    Promise.resolve({ payload, updated: false }),
  outcomes: () => [],
  modulesExt: () => undefined,
  reported: () => undefined,
};

/** The executor that never runs anything (hooks disabled or no modules). */
export const noopHookExecutor: HookExecutor = { active: false, forRequest: () => NOOP_REQUEST };

export function createHookExecutor(options: HookExecutorOptions): HookExecutor {
  if (options.enabled === false || options.modules.length === 0) return noopHookExecutor;
  const shared: Shared = {
    resolver: new PlanResolver(options.modules),
    hostPlan: options.hostPlan,
    defaultAccountPlan: options.defaultAccountPlan,
    hostModuleConfig: options.hostModuleConfig,
    clock: options.clock ?? systemClock,
    onInvocation: options.onInvocation,
    merged: new WeakMap(),
    plans: new WeakMap(),
  };
  return {
    active: true,
    forRequest: (req) => new RequestExecutor(shared, req.endpoint, req.account),
  };
}
