// Turning one hook response into its trace entry and its effect on the payload (G hookexecution
// execution.go handleHookResponse/handleHookError/handleHookReject/handleHookMutations).
import type { Mutation, Stage } from '../types.js';
import { isRejectable, notRejectableText, rejection } from './errors.js';
import type { HookResponse } from './run-group.js';
import type { HookOutcome, HookRejection } from './types.js';

export interface Applied<P> {
  payload: P;
  outcome: HookOutcome;
  reject?: HookRejection;
  /** At least one mutation was applied. */
  updated: boolean;
}

function baseOutcome(r: HookResponse): HookOutcome {
  const res = r.result;
  return {
    executionTimeMs: r.executionTimeMs,
    analyticsTags: res.analyticsTags,
    hookId: { module_code: r.hook.moduleCode, hook_impl_code: r.hook.implCode },
    status: 'success',
    action: '',
    message: res.message ?? '',
    debugMessages: res.debugMessages ? [...res.debugMessages] : [],
    errors: res.errors ? [...res.errors] : [],
    warnings: res.warnings ? [...res.warnings] : [],
  };
}

function applyMutations<P>(payload: P, mutations: readonly Mutation<P>[], outcome: HookOutcome): Applied<P> {
  outcome.action = 'update';
  let current = payload;
  let applied = 0;
  for (const m of mutations) {
    try {
      current = m.apply(current);
    } catch (err) {
      outcome.warnings.push(
        `failed to apply hook mutation: ${err instanceof Error ? err.message : String(err)}`,
      );
      continue;
    }
    applied += 1;
    outcome.debugMessages.push(
      `Hook mutation successfully applied, affected key: ${m.key.join('.')}, mutation type: ${m.type}`,
    );
  }
  // Every mutation failing makes the invocation a failure (its action stays `update`, as upstream).
  if (applied === 0) outcome.status = 'execution_failure';
  return { payload: current, outcome, updated: applied > 0 };
}

/** The response's outcome; its mutations applied to `payload` only when it succeeded in time. */
export function applyResponse<P>(stage: Stage, payload: P, r: HookResponse): Applied<P> {
  const outcome = baseOutcome(r);
  if (r.error) {
    outcome.errors.push(r.error.text);
    outcome.status = r.error.status;
  }
  if (r.result.reject === true) {
    if (!isRejectable(stage)) {
      outcome.status = 'execution_failure';
      outcome.errors.push(notRejectableText(r.hook.moduleCode, r.hook.implCode, stage));
      return { payload, outcome, updated: false };
    }
    const reject = rejection({
      nbr: r.result.nbrCode ?? 0,
      stage,
      moduleCode: r.hook.moduleCode,
      hookImplCode: r.hook.implCode,
    });
    outcome.action = 'reject';
    outcome.errors.push(reject.message);
    return { payload, outcome, reject, updated: false };
  }
  if (r.error) return { payload, outcome, updated: false };
  const mutations = (r.result.changeSet ?? []) as readonly Mutation<P>[];
  if (mutations.length === 0) {
    outcome.action = 'no_action';
    return { payload, outcome, updated: false };
  }
  return applyMutations(payload, mutations, outcome);
}

/** What one invocation adds to its module's counters (G RecordModule*), besides `called`. */
export type ModuleCount =
  'timeouts' | 'failed' | 'execution_errors' | 'success_rejects' | 'success_noops' | 'success_updates';

const ERROR_COUNT = {
  timeout: 'timeouts',
  failure: 'failed',
  execution_failure: 'execution_errors',
} as const satisfies Record<NonNullable<HookResponse['error']>['status'], ModuleCount>;

/**
 * The counters an invocation adds, as G handleHookResponse records them: an error by its kind; a
 * rejection as a successful reject where the stage allows one, else an execution error; otherwise
 * a no-op, an update, or (every mutation failing) an execution error.
 */
export function moduleCounts(stage: Stage, r: HookResponse, applied: Applied<unknown>): ModuleCount[] {
  const counts: ModuleCount[] = [];
  if (r.error) counts.push(ERROR_COUNT[r.error.status]);
  if (r.result.reject === true) counts.push(isRejectable(stage) ? 'success_rejects' : 'execution_errors');
  else if (!r.error)
    counts.push(
      applied.outcome.action === 'no_action'
        ? 'success_noops'
        : applied.updated
          ? 'success_updates'
          : 'execution_errors',
    );
  return counts;
}
