import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '@gavel/common';
import type { EntrypointPayload, Mutation } from '../types.js';
import {
  analyticsHookOutcomes,
  createHookExecutor,
  modulesJson,
  traceLevelOf,
  type HookOutcome,
  type RequestHooks,
  type StageOutcome,
} from './index.js';
import { AUCTION, entrypoint, moduleOf, planOf, setParam } from './hooks.testkit.js';

const header: Mutation<EntrypointPayload> = {
  type: 'update',
  key: ['header', 'foo'],
  apply: (p) => Object.assign({}, p, { headers: Object.assign({}, p.headers, { foo: 'bar' }) }),
};

/** Upstream's multi-hook plan of the hooks fixtures (README-additions §4.2), on a manual clock. */
async function multiHookRun(clock = createManualClock(0)) {
  const foobar = moduleOf('foobar', {
    entrypoint: {
      foo: () => ({ changeSet: [header], errors: ['error 1'] }),
      bar: () => ({ changeSet: [setParam('foo', 'baz')], errors: ['error 1'], warnings: ['warning 1'] }),
      baz: () => ({ warnings: ['Endpoint /openrtb2/amp is not supported by hook.'] }),
    },
  });
  const vendor = moduleOf('vendor.module', { raw_auction_request: { foobar: () => ({}) } });
  const plan = planOf({
    entrypoint: [
      [
        5,
        [
          ['foobar', 'foo'],
          ['foobar', 'bar'],
        ],
      ],
      [5, [['foobar', 'baz']]],
    ],
    raw_auction_request: [[5, [['vendor.module', 'foobar']]]],
  });
  const req = createHookExecutor({ modules: [foobar, vendor], hostPlan: plan, clock }).forRequest({
    endpoint: AUCTION,
  });
  await req.run('entrypoint', entrypoint());
  await req.run('raw_auction_request', { request: { id: 'r', imp: [] } });
  return req;
}

const hookResult = (impl: string, action: string, debug?: string[]) =>
  Object.assign(
    {
      analytics_tags: {},
      hook_id: { module_code: 'foobar', hook_impl_code: impl },
      status: 'success',
      action,
      message: '',
    },
    debug ? { debug_messages: debug } : {},
  );

test('verbose trace with debug: the shape of upstream Go (fixture hooks/amp.json)', async () => {
  const req = await multiHookRun();
  assert.deepEqual(req.modulesExt({ traceLevel: 'verbose', debug: true }), {
    errors: { foobar: { bar: ['error 1'], foo: ['error 1'] } },
    warnings: { foobar: { bar: ['warning 1'], baz: ['Endpoint /openrtb2/amp is not supported by hook.'] } },
    trace: {
      stages: [
        {
          stage: 'entrypoint',
          outcomes: [
            {
              entity: 'http-request',
              groups: [
                {
                  invocation_results: [
                    hookResult('foo', 'update', [
                      'Hook mutation successfully applied, affected key: header.foo, mutation type: update',
                    ]),
                    hookResult('bar', 'update', [
                      'Hook mutation successfully applied, affected key: param.foo, mutation type: update',
                    ]),
                  ],
                },
                { invocation_results: [hookResult('baz', 'no_action')] },
              ],
            },
          ],
        },
        {
          stage: 'raw_auction_request',
          outcomes: [
            {
              entity: 'auction-request',
              groups: [
                {
                  invocation_results: [
                    Object.assign(hookResult('foobar', 'no_action'), {
                      hook_id: { module_code: 'vendor.module', hook_impl_code: 'foobar' },
                    }),
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  });
});

test('basic trace drops debug messages; no debug drops errors and warnings; nothing → undefined', async () => {
  const req = await multiHookRun();
  const basic = req.modulesExt({ traceLevel: 'basic', debug: false })!;
  assert.deepEqual(Object.keys(basic), ['trace']);
  assert.doesNotMatch(JSON.stringify(basic), /debug_messages/);
  assert.deepEqual(Object.keys(req.modulesExt({ debug: true })!), ['errors', 'warnings']);
  assert.equal(req.modulesExt({ traceLevel: 'none', debug: false }), undefined);
  assert.equal(modulesJson([], { traceLevel: 'verbose', debug: true }), undefined);
});

/** A successful hook of `ms` ms with one analytics activity. */
const timedHook = (ms: number) => ({
  executionTimeMs: ms,
  analyticsTags: {
    activities: [
      {
        name: 'a',
        status: 'success' as const,
        results: [{ status: 'success-block' as const, values: { x: 1 } }],
      },
    ],
  },
  hookId: { module_code: 'm', hook_impl_code: 'h' },
  status: 'success' as const,
  action: 'no_action' as const,
  message: 'hi',
  debugMessages: [],
  errors: [],
  warnings: [],
});

/** Two bidder_request outcomes (7 ms from hooks of 7 and 0 ms; 9 ms) and an exitpoint of 2 ms. */
function timedOutcomes(): StageOutcome[] {
  return [
    {
      stage: 'bidder_request',
      entity: 'a',
      executionTimeMs: 7,
      groups: [{ executionTimeMs: 7, invocationResults: [timedHook(7), timedHook(0)] }],
    },
    {
      stage: 'bidder_request',
      entity: 'b',
      executionTimeMs: 9,
      groups: [{ executionTimeMs: 9, invocationResults: [timedHook(9)] }],
    },
    {
      stage: 'exitpoint',
      entity: 'exitpoint',
      executionTimeMs: 2,
      groups: [{ executionTimeMs: 2, invocationResults: [timedHook(2)] }],
    },
  ];
}

test('execution times: hook, group max, outcome sum, stage max, trace sum (whole ms, omitted when 0)', () => {
  const outcomes = timedOutcomes();
  const out = modulesJson(outcomes, { traceLevel: 'basic', debug: false }) as {
    trace: Record<string, unknown>;
  };
  const trace = out.trace as { execution_time_millis: number; stages: Array<Record<string, unknown>> };
  assert.equal(trace.execution_time_millis, 11);
  assert.deepEqual(
    trace.stages.map((s) => [s['stage'], s['execution_time_millis']]),
    [
      ['bidder_request', 9],
      ['exitpoint', 2],
    ],
  );
  const first = (
    trace.stages[0]!['outcomes'] as Array<{ groups: Array<{ invocation_results: unknown[] }> }>
  )[0]!;
  assert.deepEqual(Object.keys(first.groups[0]!.invocation_results[0] as object), [
    'execution_time_millis',
    'analytics_tags',
    'hook_id',
    'status',
    'action',
    'message',
  ]);
  assert.deepEqual((first.groups[0]!.invocation_results[1] as Record<string, unknown>)['analytics_tags'], {
    activities: [
      {
        name: 'a',
        status: 'success',
        results: [{ status: 'success-block', values: { x: 1 }, appliedto: {} }],
      },
    ],
  });
});

test('times come from the injected clock', async () => {
  const clock = createManualClock(0);
  const m = moduleOf('acme.m', {
    entrypoint: {
      e: () => {
        clock.advance(12);
        return {};
      },
    },
  });
  const req = createHookExecutor({
    modules: [m],
    hostPlan: planOf({ entrypoint: [[50, [['acme.m', 'e']]]] }),
    clock,
  }).forRequest({ endpoint: AUCTION });
  await req.run('entrypoint', entrypoint());
  const trace = req.modulesExt({ traceLevel: 'basic', debug: false })!['trace'] as Record<string, unknown>;
  assert.equal(trace['execution_time_millis'], 12);
});

test('traceLevelOf reads ext.<ns>.trace', () => {
  assert.equal(traceLevelOf({ prebid: { trace: 'verbose' } }, 'prebid'), 'verbose');
  assert.equal(traceLevelOf({ core: { trace: 1 } }, 'core'), undefined);
  assert.equal(traceLevelOf(undefined, 'core'), undefined);
});

test('analytics outcomes: none without an active executor or before the answer is built', async () => {
  assert.equal(analyticsHookOutcomes(undefined), undefined);
  const req = await multiHookRun();
  assert.equal(analyticsHookOutcomes(req), undefined, 'G: an answer refused with an error logs none');
  req.modulesExt({ debug: false });
  const list = analyticsHookOutcomes(req);
  assert.deepEqual(
    list?.map((o) => o['entity']),
    ['http-request', 'auction-request'],
  );
});

test('analytics outcomes: debug messages only for a verbose trace (G: the enricher clears them)', async () => {
  const messagesOf = (list: Record<string, unknown>[] | undefined) =>
    JSON.stringify(list).match(/Hook mutation successfully applied/g)?.length ?? 0;
  const req = await multiHookRun();
  for (const traceLevel of [undefined, 'basic', 'nonsense']) {
    req.modulesExt({ traceLevel, debug: true });
    assert.equal(messagesOf(analyticsHookOutcomes(req)), 0, `trace ${traceLevel}`);
  }
  req.modulesExt({ traceLevel: 'verbose', debug: false });
  assert.equal(messagesOf(analyticsHookOutcomes(req)), 2);
});

test('analytics outcomes: the stage runs as of the answer, not a later exitpoint run (G)', async () => {
  const req = await multiHookRun();
  req.modulesExt({ debug: false });
  await req.run('raw_auction_request', { request: { id: 'later', imp: [] } });
  assert.equal(analyticsHookOutcomes(req)?.length, 2);
  assert.equal(req.outcomes().length, 3);
});

/** analyticsHookOutcomes of one bidder_request outcome whose one hook reported `results`. */
function outcomesWithResults(
  results: NonNullable<HookOutcome['analyticsTags']>['activities'][number]['results'],
) {
  const hook: HookOutcome = {
    executionTimeMs: 0,
    analyticsTags: { activities: [{ name: 'a', status: 'success', ...(results ? { results } : {}) }] },
    hookId: { module_code: 'm', hook_impl_code: 'h' },
    status: 'success',
    action: 'no_action',
    message: '',
    debugMessages: [],
    errors: [],
    warnings: [],
  };
  const stage = { stage: 'bidder_request' as const, entity: 'b', executionTimeMs: 0 };
  const list: StageOutcome[] = [{ ...stage, groups: [{ executionTimeMs: 0, invocationResults: [hook] }] }];
  const reported = { outcomes: list, verbose: false };
  return analyticsHookOutcomes({ active: true, reported: () => reported } as unknown as RequestHooks);
}

test('analytics outcomes: an analytics tag applied to a key named __proto__ keeps it as a key', () => {
  const appliedto = JSON.parse('{"__proto__": {"x": 1}, "bidder": "b"}') as Record<string, unknown>;
  const json = JSON.stringify(outcomesWithResults([{ status: 'success', appliedto }]));
  assert.match(json, /"appliedto":\{"__proto__":\{"x":1\},"bidder":"b"\}/);
});

test("analytics outcomes: activity results follow Go's JSON (empty values and appliedto members omitted, appliedto always there)", () => {
  const out = outcomesWithResults([
    { status: 'success-allow', values: {}, appliedto: { bidder: 'b', impids: [], bids: null } },
    { status: 'success-block', values: { x: 1 }, appliedto: { impids: [], bidder: '' } },
  ]);
  assert.equal(
    JSON.stringify(out?.[0]?.['groups']),
    '[{"invocation_results":[{"analytics_tags":{"activities":[{"name":"a","status":"success","results":' +
      '[{"status":"success-allow","appliedto":{"bidder":"b"}},{"status":"success-block","values":{"x":1},"appliedto":{}}]}]},' +
      '"hook_id":{"module_code":"m","hook_impl_code":"h"},"status":"success","action":"no_action","message":""}]}]',
  );
});
