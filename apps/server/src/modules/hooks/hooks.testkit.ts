// Builders for hook executor tests: plans in upstream's JSON shape, modules, payloads and mutations.
import type { EntrypointPayload, Hook, HookResult, Module, Mutation, Stage } from '../types.js';
import type { ExecutionPlan } from './types.js';

export const AUCTION = '/openrtb2/auction';

/** `[timeout, [[module, impl], ...]]` per group. */
export type GroupSpec = [number, Array<[string, string]>];

export function planOf(stages: Partial<Record<Stage, GroupSpec[]>>, endpoint = AUCTION): ExecutionPlan {
  const out: Record<string, { groups: unknown[] }> = {};
  for (const [stage, groups] of Object.entries(stages)) {
    out[stage] = {
      groups: groups.map(([timeout, hooks]) => ({
        timeout,
        hook_sequence: hooks.map(([m, h]) => ({ module_code: m, hook_impl_code: h })),
      })),
    };
  }
  return { endpoints: { [endpoint]: { stages: out } } };
}

export function moduleOf(code: string, hooks: Module['hooks']): Module {
  return { code, hooks };
}

export function entrypoint(body = '{"id":"r1"}'): EntrypointPayload {
  return { endpoint: AUCTION, headers: {}, query: {}, body };
}

/** A mutation setting `query.<name>` (key `param.<name>`, as upstream's mock). */
export function setParam(name: string, value: string): Mutation<EntrypointPayload> {
  return {
    type: 'update',
    key: ['param', name],
    apply: (p) => Object.assign({}, p, { query: Object.assign({}, p.query, { [name]: value }) }),
  };
}

/** A mutation appending to the body text (to see the application order). */
export function appendBody(text: string): Mutation<EntrypointPayload> {
  return { type: 'update', key: ['body'], apply: (p) => Object.assign({}, p, { body: p.body + text }) };
}

export const failingMutation: Mutation<EntrypointPayload> = {
  type: 'delete',
  key: ['header', 'x'],
  apply: () => {
    throw new Error('no such header');
  },
};

export function returning(result: HookResult<EntrypointPayload>): Hook<'entrypoint'> {
  return () => result;
}

/** A hook that only settles when its signal aborts (then returns `late`), recording the abort. */
export function slowHook(
  seen: { aborted: boolean },
  late: HookResult<EntrypointPayload> = {},
): Hook<'entrypoint'> {
  return (_p, ctx) =>
    new Promise((resolve) => {
      ctx.signal.addEventListener('abort', () => {
        seen.aborted = true;
        resolve(late);
      });
    });
}
