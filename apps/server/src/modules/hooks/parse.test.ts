import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, section } from '@gavel/common';
import {
  hookExecutorOptionsFromConfig,
  hooksSection,
  parseAccountHooks,
  parseExecutionPlan,
} from './index.js';

const PLAN = {
  endpoints: {
    '/openrtb2/auction': {
      stages: {
        entrypoint: {
          groups: [{ timeout: 5, hook_sequence: [{ module_code: 'foobar', hook_impl_code: 'foo' }] }],
        },
      },
    },
  },
};

test('parseExecutionPlan accepts Go’s plan JSON', () => {
  assert.deepEqual(parseExecutionPlan(PLAN), { ok: true, value: PLAN });
});

test('plan errors name the path', () => {
  const cases: Array<[unknown, string]> = [
    [[], 'execution_plan: must be an object'],
    [{ endpoints: { auction: {} } }, 'execution_plan.endpoints: endpoint "auction" must start with /'],
    [
      { endpoints: { '/a': { stages: { entry: {} } } } },
      'execution_plan.endpoints./a.stages: unknown stage "entry" (known: entrypoint, raw_auction_request, processed_auction_request, bidder_request, raw_bidder_response, all_processed_bid_responses, auction_response, exitpoint)',
    ],
    [
      { endpoints: { '/a': { stages: { exitpoint: { groups: [{ timeout: -1 }] } } } } },
      'execution_plan.endpoints./a.stages.exitpoint.groups[0].timeout: must be a non-negative integer (milliseconds)',
    ],
    [
      {
        endpoints: {
          '/a': {
            stages: { exitpoint: { groups: [{ timeout: 1, hook_sequence: [{ module_code: 'm' }] }] } },
          },
        },
      },
      'execution_plan.endpoints./a.stages.exitpoint.groups[0].hook_sequence[0].hook_impl_code: must be a non-empty string',
    ],
    [
      { endpoints: { '/a': { stages: { exitpoint: { groups: [{ timeout: 1, hook_sequnce: [] }] } } } } },
      'execution_plan.endpoints./a.stages.exitpoint.groups[0]: unknown key "hook_sequnce" (expected timeout, hook_sequence)',
    ],
  ];
  for (const [raw, error] of cases) assert.deepEqual(parseExecutionPlan(raw), { ok: false, error });
});

test('parseAccountHooks: absent, valid, and bad module configs', () => {
  assert.deepEqual(parseAccountHooks(undefined), { ok: true, value: undefined });
  assert.deepEqual(
    parseAccountHooks({ execution_plan: PLAN, modules: { acme: { m: { enabled: false } } } }),
    {
      ok: true,
      value: { execution_plan: PLAN, modules: { acme: { m: { enabled: false } } } },
    },
  );
  assert.deepEqual(parseAccountHooks({ modules: { acme: { m: true } } }), {
    ok: false,
    error: 'hooks.modules.acme.m: must be an object',
  });
  assert.deepEqual(parseAccountHooks({ plan: {} }), {
    ok: false,
    error: 'hooks: unknown key "plan" (expected execution_plan, modules)',
  });
});

const schema = section(hooksSection, 'test');

test('host config: defaults, a plan, and a clear error for a bad stage', () => {
  const load = (o: Record<string, unknown>) =>
    loadConfig(schema, { argv: [], env: {}, envPrefix: 'T_', overrides: [o] }).config;
  const defaults = hookExecutorOptionsFromConfig(load({}).hooks);
  assert.deepEqual(defaults, {
    enabled: false,
    hostPlan: { endpoints: {} },
    defaultAccountPlan: { endpoints: {} },
    hostModuleConfig: {},
  });
  const cfg = load({
    hooks: { enabled: true, 'host-execution-plan': PLAN, modules: { acme: { m: { enabled: true } } } },
  });
  assert.deepEqual(hookExecutorOptionsFromConfig(cfg.hooks).hostPlan, PLAN);
  assert.throws(
    () =>
      load({
        hooks: { 'host-execution-plan': { endpoints: { '/a': { stages: { entry: { groups: [] } } } } } },
      }),
    /hooks\.host-execution-plan\.endpoints/,
  );
});
