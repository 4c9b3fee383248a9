// The hook executor: runs modules (modules/types.ts) at the stages the pipeline names, per the
// host's and the account's execution plans (G hooks/, hooks/hookexecution/). See docs/modules.md.
//
// Contract (the coordinator wires it):
//   createHookExecutor({modules, enabled, hostPlan, defaultAccountPlan, hostModuleConfig, clock, onInvocation})
//     → HookExecutor, once at start-up (hookExecutorOptionsFromConfig(cfg.hooks) gives the config part;
//       modules = enabledModules(builtIns, cfg.hooks.modules) plus ServerDeps.extraModules)
//   executor.forRequest({endpoint: '/openrtb2/auction' | '/openrtb2/amp', account?}) → RequestHooks
//   hooks.setAccount({id, hooks}) once the account is resolved (parseAccountHooks(doc.hooks))
//   await hooks.run(stage, payload, entity?) → {payload, reject?, updated}
//   hooks.modulesExt({traceLevel: traceLevelOf(request.ext, ns), debug}) → ext.<ns>.modules | undefined
export {
  createHookExecutor,
  noopHookExecutor,
  type HookExecutorOptions,
  type InvocationEvent,
} from './executor.js';
export type { ModuleCount } from './outcome.js';
export { enabledModules, mergedModuleConfig, moduleConfigOf } from './plan.js';
export { analyticsHookOutcomes, modulesJson, traceLevelOf } from './modules-ext.js';
export { parseAccountHooks, parseExecutionPlan, parseModulesConfig, type Parsed } from './parse.js';
export {
  hooksSection,
  hooksSchema,
  hookExecutorOptionsFromConfig,
  type HooksConfig,
} from './config-section.js';
export { HookError, MODULE_REJECTION_CODE, isRejectable } from './errors.js';
export type {
  AccountHooks,
  ExecutionPlan,
  GroupOutcome,
  HookAction,
  HookExecutor,
  HookId,
  HookOutcome,
  HookRef,
  HookRejection,
  HookStatus,
  HooksAccount,
  ModulesConfig,
  ModulesExtOptions,
  PlanGroup,
  RequestHooks,
  StageOutcome,
  StagePlan,
  StageRun,
  TraceLevel,
} from './types.js';
