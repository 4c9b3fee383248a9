// Running one group (G hookexecution/execution.go executeGroup/executeHook/collectHookResponses):
// every hook starts at once on the same payload; the group's timeout bounds them all; the first
// rejection ends the wait. Nothing a hook does (throw, reject a promise, never settle) escapes.
import type { Clock } from '@gavel/common';
import type { HookResult, InvocationContext } from '../types.js';
import { HookError, TIMEOUT_MESSAGE, thrownText } from './errors.js';
import type { PlannedGroup, PlannedHook } from './plan.js';
import type { HookStatus } from './types.js';

export interface HookResponse {
  readonly hook: PlannedHook;
  readonly result: HookResult<unknown>;
  /** Set when the hook threw or timed out. */
  readonly error?: { readonly text: string; readonly status: Exclude<HookStatus, 'success'> };
  readonly executionTimeMs: number;
  /** The same, unrounded (the module duration metric). */
  readonly durationMs: number;
}

export interface GroupRun {
  readonly group: PlannedGroup;
  readonly payload: unknown;
  readonly clock: Clock;
  /** `signal` makes the group's abort signal on first use (most hooks never look at it). */
  contextFor(hook: PlannedHook, signal: () => AbortSignal): InvocationContext;
}

const EMPTY_RESULT: HookResult<unknown> = {};

type Settled = { result: HookResult<unknown> } | { thrown: unknown };

/** Calls the hook: a synchronous answer (or throw) is settled at once, a promise is left to settle. */
function call(hook: PlannedHook, payload: unknown, ctx: InvocationContext): Settled | PromiseLike<unknown> {
  try {
    const value = (hook.hook as (p: unknown, c: InvocationContext) => unknown)(payload, ctx);
    if (isThenable(value)) return value;
    return { result: (value as HookResult<unknown> | undefined) ?? EMPTY_RESULT };
  } catch (thrown) {
    return { thrown };
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function settle(pending: PromiseLike<unknown>): Promise<Settled> {
  return Promise.resolve(pending).then(
    (result) => ({ result: (result as HookResult<unknown> | undefined) ?? EMPTY_RESULT }),
    (thrown: unknown) => ({ thrown }),
  );
}

function toResponse(hook: PlannedHook, settled: Settled, durationMs: number): HookResponse {
  const executionTimeMs = Math.round(durationMs);
  if ('result' in settled) return { hook, result: settled.result, executionTimeMs, durationMs };
  const err = settled.thrown;
  const status = err instanceof HookError && err.failure ? 'failure' : 'execution_failure';
  const result = err instanceof HookError && err.result ? err.result : EMPTY_RESULT;
  return { hook, result, error: { text: thrownText(err), status }, executionTimeMs, durationMs };
}

function timedOut(hook: PlannedHook, durationMs: number): HookResponse {
  const error = { text: TIMEOUT_MESSAGE, status: 'timeout' } as const;
  return { hook, result: EMPTY_RESULT, error, executionTimeMs: Math.round(durationMs), durationMs };
}

/** The hooks that answered before the rejection, in plan order, then the rejecting one. */
function rejectLast(got: ReadonlyArray<HookResponse | undefined>, rejectAt: number): HookResponse[] {
  const out: HookResponse[] = [];
  got.forEach((r, i) => {
    if (r && i !== rejectAt) out.push(r);
  });
  out.push(got[rejectAt] as HookResponse);
  return out;
}

/**
 * The group's responses, in plan order (a rejection last, with later answers left out, as upstream).
 * Hooks that answer synchronously cost no timer and no promise: the responses come back at once;
 * only a group with a hook still running arms a timer and answers with a promise.
 */
export function runGroup(run: GroupRun): HookResponse[] | Promise<HookResponse[]> {
  const { group, clock } = run;
  const started = clock.monotonic();
  const elapsed = (): number => Math.max(0, clock.monotonic() - started);
  // A zero timeout marks every hook `timeout` (G config.HookExecutionGroup): none is called.
  if (group.timeout <= 0) return group.hooks.map((h) => timedOut(h, 0));
  let controller: AbortController | undefined;
  const signal = (): AbortSignal => (controller ??= new AbortController()).signal;
  const abort = (): void => controller?.abort();
  // Every hook starts before any answer is looked at, as upstream starts them all at once.
  const calls = group.hooks.map((hook) => call(hook, run.payload, run.contextFor(hook, signal)));
  const got: Array<HookResponse | undefined> = new Array<HookResponse | undefined>(group.hooks.length);
  let left = 0;
  for (let i = 0; i < calls.length; i++) {
    const c = calls[i] as Settled | PromiseLike<unknown>;
    if (isThenable(c)) {
      left++;
      continue;
    }
    const response = toResponse(group.hooks[i] as PlannedHook, c, elapsed());
    got[i] = response;
    if (response.result.reject === true) {
      if (left > 0 || i < calls.length - 1) abort();
      return rejectLast(got, i);
    }
  }
  if (left === 0) return got as HookResponse[];
  return waitForPending({ run, calls, got, left }, abort, elapsed);
}

interface PendingRun {
  readonly run: GroupRun;
  readonly calls: ReadonlyArray<Settled | PromiseLike<unknown>>;
  readonly got: Array<HookResponse | undefined>;
  left: number;
}

function waitForPending(
  state: PendingRun,
  abort: () => void,
  elapsed: () => number,
): Promise<HookResponse[]> {
  const { group } = state.run;
  const got = state.got;
  return new Promise((resolve) => {
    let done = false;
    const finish = (list: HookResponse[], aborting: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (aborting) abort();
      resolve(list);
    };
    const timer = setTimeout(() => {
      const at = elapsed();
      finish(
        group.hooks.map((h, i) => got[i] ?? timedOut(h, at)),
        true,
      );
    }, group.timeout);
    state.calls.forEach((c, index) => {
      if (!isThenable(c)) return;
      void settle(c).then((settled) => {
        if (done) return;
        const response = toResponse(group.hooks[index] as PlannedHook, settled, elapsed());
        got[index] = response;
        if (response.result.reject === true) finish(rejectLast(got, index), true);
        else if (--state.left === 0) finish(got as HookResponse[], false);
      });
    });
  });
}
