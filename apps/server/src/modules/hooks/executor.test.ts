import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '@gavel/common';
import type { Module } from '../types.js';
import { createHookExecutor, HookError } from './index.js';
import {
  AUCTION,
  appendBody,
  entrypoint,
  failingMutation,
  moduleOf,
  planOf,
  returning,
  setParam,
  slowHook,
} from './hooks.testkit.js';

const clock = createManualClock(0);

function executor(modules: Module[], hostPlan = planOf({}), extra: Record<string, unknown> = {}) {
  return createHookExecutor(Object.assign({ modules, hostPlan, clock }, extra));
}

test('a throwing hook leaves the payload as it was and the next group still runs', async () => {
  const m = moduleOf('acme.m', {
    entrypoint: {
      boom: () => {
        throw new Error('kaput');
      },
      ok: returning({ changeSet: [setParam('a', '1')] }),
    },
  });
  const hooks = executor(
    [m],
    planOf({
      entrypoint: [
        [50, [['acme.m', 'boom']]],
        [50, [['acme.m', 'ok']]],
      ],
    }),
  );
  const req = hooks.forRequest({ endpoint: AUCTION });
  const run = await req.run('entrypoint', entrypoint());
  assert.equal(run.reject, undefined);
  assert.deepEqual(run.payload.query, { a: '1' });
  const [first, second] = req.outcomes()[0]!.groups;
  assert.deepEqual(
    [
      first!.invocationResults[0]!.status,
      first!.invocationResults[0]!.action,
      first!.invocationResults[0]!.errors,
    ],
    ['execution_failure', '', ['kaput']],
  );
  assert.equal(second!.invocationResults[0]!.action, 'update');
});

test('a rejected promise and a HookError failure are traced, never thrown', async () => {
  const m = moduleOf('acme.m', {
    entrypoint: {
      a: () => Promise.reject(new Error('async kaput')),
      b: () => {
        throw new HookError('bad config', { failure: true });
      },
    },
  });
  const req = executor(
    [m],
    planOf({
      entrypoint: [
        [
          50,
          [
            ['acme.m', 'a'],
            ['acme.m', 'b'],
          ],
        ],
      ],
    }),
  ).forRequest({
    endpoint: AUCTION,
  });
  const run = await req.run('entrypoint', entrypoint());
  assert.equal(run.updated, false);
  const results = req.outcomes()[0]!.groups[0]!.invocationResults;
  assert.deepEqual(
    results.map((r) => [r.status, r.errors]),
    [
      ['execution_failure', ['async kaput']],
      ['failure', ['hook execution failed: bad config']],
    ],
  );
});

test('a slow hook times out: its mutations are dropped, its signal aborted, the others applied', async () => {
  const seen = { aborted: false };
  const m = moduleOf('acme.m', {
    entrypoint: {
      slow: slowHook(seen, { changeSet: [setParam('late', 'yes')] }),
      fast: returning({ changeSet: [setParam('fast', 'yes')] }),
      next: returning({ changeSet: [setParam('next', 'yes')] }),
    },
  });
  const plan = planOf({
    entrypoint: [
      [
        15,
        [
          ['acme.m', 'slow'],
          ['acme.m', 'fast'],
        ],
      ],
      [15, [['acme.m', 'next']]],
    ],
  });
  const req = executor([m], plan).forRequest({ endpoint: AUCTION });
  const run = await req.run('entrypoint', entrypoint());
  assert.deepEqual(run.payload.query, { fast: 'yes', next: 'yes' });
  assert.equal(seen.aborted, true);
  const slow = req.outcomes()[0]!.groups[0]!.invocationResults[0]!;
  assert.deepEqual([slow.status, slow.action, slow.errors], ['timeout', '', ['Hook execution timeout']]);
});

test('a zero group timeout marks every hook timed out without calling it', async () => {
  let called = false;
  const m = moduleOf('acme.m', { entrypoint: { h: () => ((called = true), {}) } });
  const req = executor([m], planOf({ entrypoint: [[0, [['acme.m', 'h']]]] })).forRequest({
    endpoint: AUCTION,
  });
  await req.run('entrypoint', entrypoint());
  assert.equal(called, false);
  assert.equal(req.outcomes()[0]!.groups[0]!.invocationResults[0]!.status, 'timeout');
});

test('a rejection stops the stage: later groups do not run, the payload is the one before the group', async () => {
  let laterRan = false;
  const m = moduleOf('foobar', {
    entrypoint: {
      mut: returning({ changeSet: [setParam('a', '1')] }),
      foo: returning({ reject: true, nbrCode: 123 }),
      later: () => ((laterRan = true), {}),
    },
  });
  const plan = planOf({
    entrypoint: [
      [50, [['foobar', 'mut']]],
      [50, [['foobar', 'foo']]],
      [50, [['foobar', 'later']]],
    ],
  });
  const req = executor([m], plan).forRequest({ endpoint: AUCTION });
  const run = await req.run('entrypoint', entrypoint());
  assert.equal(laterRan, false);
  assert.deepEqual(run.payload.query, { a: '1' });
  assert.deepEqual(run.reject, {
    nbr: 123,
    stage: 'entrypoint',
    moduleCode: 'foobar',
    hookImplCode: 'foo',
    message: 'Module foobar (hook: foo) rejected request with code 123 at entrypoint stage',
    code: 11,
  });
  const groups = req.outcomes()[0]!.groups;
  assert.equal(groups.length, 2);
  assert.deepEqual(
    [groups[1]!.invocationResults[0]!.status, groups[1]!.invocationResults[0]!.action],
    ['success', 'reject'],
  );
});

test('a rejection with an error (HookError carrying the result) is execution_failure + reject', async () => {
  const m = moduleOf('foobar', {
    entrypoint: {
      foo: () => {
        throw new HookError('dummy', { result: { reject: true, nbrCode: 123 } });
      },
    },
  });
  const req = executor([m], planOf({ entrypoint: [[5, [['foobar', 'foo']]]] })).forRequest({
    endpoint: AUCTION,
  });
  const run = await req.run('entrypoint', entrypoint());
  assert.equal(run.reject?.nbr, 123);
  const r = req.outcomes()[0]!.groups[0]!.invocationResults[0]!;
  assert.deepEqual(
    [r.status, r.action, r.errors],
    [
      'execution_failure',
      'reject',
      ['dummy', 'Module foobar (hook: foo) rejected request with code 123 at entrypoint stage'],
    ],
  );
});

test('a rejection at a stage that cannot reject is an execution failure, not a rejection', async () => {
  const m = moduleOf('acme.m', { auction_response: { r: () => ({ reject: true, nbrCode: 2 }) } });
  const req = executor([m], planOf({ auction_response: [[50, [['acme.m', 'r']]]] })).forRequest({
    endpoint: AUCTION,
  });
  const run = await req.run('auction_response', { response: { id: 'x' } });
  assert.equal(run.reject, undefined);
  const r = req.outcomes()[0]!.groups[0]!.invocationResults[0]!;
  assert.equal(r.status, 'execution_failure');
  assert.deepEqual(r.errors, [
    'Module (name: acme.m, hook code: r) tried to reject request on the auction_response stage that does not support rejection',
  ]);
});

test('mutations apply after the group in plan order, each traced; failing ones become warnings', async () => {
  const m = moduleOf('acme.m', {
    entrypoint: {
      // The first hook answers last: application order is still the plan's.
      one: () => new Promise((r) => setTimeout(() => r({ changeSet: [appendBody('-1')] }), 5)),
      two: returning({ changeSet: [appendBody('-2'), failingMutation] }),
      bad: returning({ changeSet: [failingMutation] }),
    },
  });
  const plan = planOf({
    entrypoint: [
      [
        100,
        [
          ['acme.m', 'one'],
          ['acme.m', 'two'],
          ['acme.m', 'bad'],
        ],
      ],
    ],
  });
  const req = executor([m], plan).forRequest({ endpoint: AUCTION });
  const run = await req.run('entrypoint', entrypoint('x'));
  assert.equal(run.payload.body, 'x-1-2');
  assert.equal(run.updated, true);
  const [one, two, bad] = req.outcomes()[0]!.groups[0]!.invocationResults;
  assert.deepEqual(one!.debugMessages, [
    'Hook mutation successfully applied, affected key: body, mutation type: update',
  ]);
  assert.deepEqual(two!.warnings, ['failed to apply hook mutation: no such header']);
  assert.deepEqual([two!.status, bad!.status, bad!.action], ['success', 'execution_failure', 'update']);
});

test('an invocation event is reported per hook for metrics', async () => {
  const events: string[] = [];
  const m = moduleOf('acme.m', { entrypoint: { e: () => ({}) } });
  const req = executor([m], planOf({ entrypoint: [[50, [['acme.m', 'e']]]] }), {
    onInvocation: (e: { moduleCode: string; stage: string; outcome: { status: string } }) =>
      events.push(`${e.moduleCode} ${e.stage} ${e.outcome.status}`),
  }).forRequest({ endpoint: AUCTION });
  await req.run('entrypoint', entrypoint());
  assert.deepEqual(events, ['acme.m entrypoint success']);
});

test('a group with a pending hook continues the stage once it settles: a later rejection keeps the earlier groups', async () => {
  let laterRan = false;
  const m = moduleOf('acme.m', {
    entrypoint: {
      sync: returning({ changeSet: [setParam('a', '1')] }),
      pending: () => Promise.resolve({ changeSet: [setParam('b', '2')] }),
      refuse: () => Promise.resolve({ reject: true, nbrCode: 7 }),
      later: () => ((laterRan = true), {}),
    },
  });
  const plan = planOf({
    entrypoint: [
      [50, [['acme.m', 'sync']]],
      [50, [['acme.m', 'pending']]],
      [50, [['acme.m', 'refuse']]],
      [50, [['acme.m', 'later']]],
    ],
  });
  const req = executor([m], plan).forRequest({ endpoint: AUCTION });
  const pending = req.run('entrypoint', entrypoint());
  assert.equal(req.outcomes().length, 0, 'the stage is traced when it ends, not before');
  const run = await pending;
  assert.equal(laterRan, false);
  assert.deepEqual(run.payload.query, { a: '1', b: '2' });
  assert.equal(run.reject?.nbr, 7);
  assert.equal(run.updated, true);
  assert.equal(req.outcomes().length, 1);
  assert.deepEqual(
    req.outcomes()[0]!.groups.map((g) => g.invocationResults[0]!.action),
    ['update', 'update', 'reject'],
  );
});

test('hooks answering at once: a later bidder run of the same stage sees the context the earlier runs left', async () => {
  const seen: Array<Readonly<Record<string, unknown>>> = [];
  const m = moduleOf('acme.m', {
    bidder_request: {
      h: (p, ctx) => (seen.push(ctx.moduleContext), { moduleContext: { [p.bidder]: true } }),
    },
  });
  const req = executor([m], planOf({ bidder_request: [[50, [['acme.m', 'h']]]] })).forRequest({
    endpoint: AUCTION,
  });
  await Promise.all(
    ['a', 'b'].map((bidder) => req.run('bidder_request', { bidder, request: { id: 'x', imp: [] } })),
  );
  assert.deepEqual(seen, [{}, { a: true }]);
});
