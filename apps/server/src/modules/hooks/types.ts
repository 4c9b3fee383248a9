// The hook executor's vocabulary (G hooks/plan.go, config/hooks.go, hookexecution/outcome.go): the
// execution plan a host or an account writes, and the outcome trace of one request.
import type { AnalyticsTags, Stage, StagePayloads } from '../types.js';

/** One hook of a group: `module_code` is `vendor.module` (a Module's code), `hook_impl_code` picks its hook. */
export interface HookRef {
  readonly module_code: string;
  readonly hook_impl_code: string;
}

/** Hooks run in parallel; `timeout` (ms) bounds the whole group (0 = every hook times out). */
export interface PlanGroup {
  readonly timeout: number;
  readonly hook_sequence: readonly HookRef[];
}

export interface StagePlan {
  readonly groups: readonly PlanGroup[];
}

/** Go's plan JSON: `{endpoints: {"/openrtb2/auction": {stages: {entrypoint: {groups: [...]}}}}}`. */
export interface ExecutionPlan {
  readonly endpoints: Readonly<Record<string, { readonly stages: Partial<Record<Stage, StagePlan>> }>>;
}

/** Module configs by vendor and module name (`modules.<vendor>.<module>`). */
export type ModulesConfig = Readonly<
  Record<string, Readonly<Record<string, Readonly<Record<string, unknown>>>>>
>;

/** The account document's `hooks` (G config.AccountHooks). */
export interface AccountHooks {
  /** Replaces the host's default account plan when present. */
  readonly execution_plan?: ExecutionPlan;
  /** Merged over the host's `hooks.modules` for this account's requests. */
  readonly modules?: ModulesConfig;
}

/** The account as the executor needs it. */
export interface HooksAccount {
  readonly id: string;
  readonly hooks?: AccountHooks;
}

export type HookStatus = 'success' | 'timeout' | 'failure' | 'execution_failure';
/** `''` where upstream Go leaves the action unset (a hook that failed without rejecting). */
export type HookAction = 'update' | 'reject' | 'no_action' | '';

export interface HookId {
  module_code: string;
  hook_impl_code: string;
}

/** One invocation result of the trace; errors and warnings go to `modules.errors`/`.warnings`. */
export interface HookOutcome {
  executionTimeMs: number;
  analyticsTags: AnalyticsTags | undefined;
  hookId: HookId;
  status: HookStatus;
  action: HookAction;
  message: string;
  debugMessages: string[];
  errors: string[];
  warnings: string[];
}

export interface GroupOutcome {
  /** The longest hook of the group. */
  executionTimeMs: number;
  invocationResults: HookOutcome[];
}

/** One run of one stage for one entity (a bidder stage runs once per bidder). */
export interface StageOutcome {
  stage: Stage;
  /** `http-request`, `auction-request`, a bidder name, `auction_response`, ... */
  entity: string;
  /** The sum of its groups. */
  executionTimeMs: number;
  groups: GroupOutcome[];
}

/** A hook's rejection of a stage (G hookexecution.RejectError). */
export interface HookRejection {
  /** The no-bid reason (response `nbr` when the whole auction is rejected). */
  readonly nbr: number;
  readonly stage: Stage;
  readonly moduleCode: string;
  readonly hookImplCode: string;
  /** `Module <m> (hook: <h>) rejected request with code <nbr> at <stage> stage`. */
  readonly message: string;
  /** 11 (G errortypes.ModuleRejectionErrorCode): the warning code under `ext.warnings.<bidder>`. */
  readonly code: number;
}

export interface StageRun<S extends Stage> {
  /** The payload after the applied mutations; on rejection the payload before the rejecting group. */
  readonly payload: StagePayloads[S];
  readonly reject?: HookRejection;
  /** A hook's mutation was applied. */
  readonly updated: boolean;
}

/** `ext.<ns>.trace` of the request: `verbose` adds debug messages to the trace; absent = no trace. */
export type TraceLevel = 'basic' | 'verbose';

export interface ModulesExtOptions {
  traceLevel?: string | undefined;
  /** Debug requested (`test: 1` or `ext.<ns>.debug`) and, when an account is known, allowed. */
  debug: boolean;
}

/** The executor bound to one request. */
export interface RequestHooks {
  /** False for the no-op executor: every run returns its payload at once. */
  readonly active: boolean;
  /** The account, once known (entrypoint runs before it with the host's default account plan). */
  setAccount(account: HooksAccount): void;
  /** Whether any hook is planned for the stage on this request. */
  has(stage: Stage): boolean;
  /** Runs the stage's groups; `entity` defaults per stage (a bidder stage uses `payload.bidder`). */
  run<S extends Stage>(stage: S, payload: StagePayloads[S], entity?: string): Promise<StageRun<S>>;
  outcomes(): readonly StageOutcome[];
  /**
   * `ext.<ns>.modules` (G GetModulesJSON), or undefined when there is nothing to show. Also fixes
   * what analytics are handed (`reported`): the outcomes so far, as the answer is built.
   */
  modulesExt(options: ModulesExtOptions): Record<string, unknown> | undefined;
  /**
   * The outcomes analytics get (G AuctionObject / AmpObject `HookExecutionOutcome`), fixed by the
   * last `modulesExt` call; undefined before one (G sets them only where it builds the modules ext of
   * an answer: not for a request refused with an error).
   */
  reported(): ReportedOutcomes | undefined;
}

/** Stage outcomes as analytics get them. */
export interface ReportedOutcomes {
  /** The stage runs before the answer's modules ext was built (a later exitpoint run is not one). */
  readonly outcomes: readonly StageOutcome[];
  /**
   * Debug messages kept: only for `ext.<ns>.trace: verbose` (G's enricher clears them on the
   * outcomes it shares with the analytics object otherwise).
   */
  readonly verbose: boolean;
}

export interface HookExecutor {
  readonly active: boolean;
  forRequest(request: { endpoint: string; account?: HooksAccount }): RequestHooks;
}
