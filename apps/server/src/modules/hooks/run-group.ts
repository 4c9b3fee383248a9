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
}

export interface GroupRun {
  readonly group: PlannedGroup;
  readonly payload: unknown;
  readonly clock: Clock;
  contextFor(hook: PlannedHook, signal: AbortSignal): InvocationContext;
}

const EMPTY_RESULT: HookResult<unknown> = {};

type Settled = { result: HookResult<unknown> } | { thrown: unknown };

async function invoke(hook: PlannedHook, payload: unknown, ctx: InvocationContext): Promise<Settled> {
  try {
    const result = await (hook.hook as (p: unknown, c: InvocationContext) => unknown)(payload, ctx);
    return { result: result ?? EMPTY_RESULT };
  } catch (thrown) {
    return { thrown };
  }
}

function toResponse(hook: PlannedHook, settled: Settled, executionTimeMs: number): HookResponse {
  if ('result' in settled) return { hook, result: settled.result, executionTimeMs };
  const err = settled.thrown;
  const status = err instanceof HookError && err.failure ? 'failure' : 'execution_failure';
  const result = err instanceof HookError && err.result ? err.result : EMPTY_RESULT;
  return { hook, result, error: { text: thrownText(err), status }, executionTimeMs };
}

function timedOut(hook: PlannedHook, executionTimeMs: number): HookResponse {
  return { hook, result: EMPTY_RESULT, error: { text: TIMEOUT_MESSAGE, status: 'timeout' }, executionTimeMs };
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

/** The group's responses, in plan order (a rejection last, with later answers left out, as upstream). */
export function runGroup(run: GroupRun): Promise<HookResponse[]> {
  const { group, clock } = run;
  const started = clock.monotonic();
  const elapsed = (): number => Math.max(0, Math.round(clock.monotonic() - started));
  // A zero timeout marks every hook `timeout` (G config.HookExecutionGroup): none is called.
  if (group.timeout <= 0) return Promise.resolve(group.hooks.map((h) => timedOut(h, 0)));
  const controller = new AbortController();
  return new Promise((resolve) => {
    const got: Array<HookResponse | undefined> = new Array<HookResponse | undefined>(group.hooks.length);
    let left = group.hooks.length;
    let done = false;
    const finish = (list: HookResponse[]): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      controller.abort();
      resolve(list);
    };
    const timer = setTimeout(() => {
      const at = elapsed();
      finish(group.hooks.map((h, i) => got[i] ?? timedOut(h, at)));
    }, group.timeout);
    group.hooks.forEach((hook, index) => {
      void invoke(hook, run.payload, run.contextFor(hook, controller.signal)).then((settled) => {
        if (done) return;
        const response = toResponse(hook, settled, elapsed());
        got[index] = response;
        if (response.result.reject === true) finish(rejectLast(got, index));
        else if (--left === 0) finish(got as HookResponse[]);
      });
    });
  });
}
