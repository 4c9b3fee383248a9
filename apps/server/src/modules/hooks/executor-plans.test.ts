// The executor's plans: host groups before the account's, module context and config per account,
// modules an account disables, bidder-stage trace entries, the no-op executor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '@gavel/common';
import type { InvocationContext, Module } from '../types.js';
import { createHookExecutor, noopHookExecutor } from './index.js';
import { AUCTION, entrypoint, moduleOf, planOf } from './hooks.testkit.js';

const clock = createManualClock(0);

function executor(modules: Module[], hostPlan = planOf({}), extra: Record<string, unknown> = {}) {
  return createHookExecutor(Object.assign({ modules, hostPlan, clock }, extra));
}

test('host groups run before the account plan, which replaces the default account plan', async () => {
  const order: string[] = [];
  const rec = (name: string) => () => (order.push(name), {});
  const m = moduleOf('acme.m', {
    processed_auction_request: { host: rec('host'), def: rec('def'), acct: rec('acct') },
  });
  const hostPlan = planOf({ processed_auction_request: [[50, [['acme.m', 'host']]]] });
  const defaultAccountPlan = planOf({ processed_auction_request: [[50, [['acme.m', 'def']]]] });
  const ex = executor([m], hostPlan, { defaultAccountPlan });
  const payload = { request: { id: 'r', imp: [] } };
  await ex.forRequest({ endpoint: AUCTION, account: { id: 'a' } }).run('processed_auction_request', payload);
  const withPlan = ex.forRequest({ endpoint: AUCTION });
  withPlan.setAccount({
    id: 'b',
    hooks: { execution_plan: planOf({ processed_auction_request: [[50, [['acme.m', 'acct']]]] }) },
  });
  await withPlan.run('processed_auction_request', payload);
  assert.deepEqual(order, ['host', 'def', 'host', 'acct']);
  // Another endpoint has no plan at all.
  assert.equal(ex.forRequest({ endpoint: '/openrtb2/amp' }).has('processed_auction_request'), false);
});

test('module context is kept per module across stages; config is the account over the host', async () => {
  const seen: InvocationContext[] = [];
  const m = moduleOf('acme.m', {
    entrypoint: { e: () => ({ moduleContext: { a: 1 } }) },
    raw_auction_request: { r: (_p, ctx) => (seen.push(ctx), { moduleContext: { b: 2 } }) },
    processed_auction_request: { p: (_p, ctx) => (seen.push(ctx), {}) },
  });
  const other = moduleOf('other.m', { raw_auction_request: { o: (_p, ctx) => (seen.push(ctx), {}) } });
  const plan = planOf({
    entrypoint: [[50, [['acme.m', 'e']]]],
    raw_auction_request: [
      [
        50,
        [
          ['acme.m', 'r'],
          ['other.m', 'o'],
        ],
      ],
    ],
    processed_auction_request: [[50, [['acme.m', 'p']]]],
  });
  const hostModuleConfig = { acme: { m: { enabled: true, depth: 1, keep: 'x' } } };
  const req = executor([m, other], plan, { hostModuleConfig }).forRequest({ endpoint: AUCTION });
  await req.run('entrypoint', entrypoint());
  req.setAccount({ id: 'pub', hooks: { modules: { acme: { m: { depth: 2 } } } } });
  await req.run('raw_auction_request', { request: { id: 'r', imp: [] } });
  await req.run('processed_auction_request', { request: { id: 'r', imp: [] } });
  const [raw, otherCtx, processed] = seen;
  assert.deepEqual(raw!.moduleContext, { a: 1 });
  assert.deepEqual(otherCtx!.moduleContext, {});
  assert.deepEqual(processed!.moduleContext, { a: 1, b: 2 });
  assert.deepEqual(raw!.accountConfig, { enabled: true, depth: 2, keep: 'x' });
  assert.equal(raw!.accountId, 'pub');
  assert.equal(otherCtx!.accountConfig, undefined);
});

test('an account disabling a module skips its hooks; a module without the hook is left out', async () => {
  const m = moduleOf('acme.m', { raw_auction_request: { r: () => ({ message: 'ran' }) } });
  const plan = planOf({
    raw_auction_request: [
      [
        50,
        [
          ['acme.m', 'r'],
          ['missing.m', 'x'],
        ],
      ],
    ],
  });
  const ex = executor([m], plan);
  const off = ex.forRequest({
    endpoint: AUCTION,
    account: { id: 'a', hooks: { modules: { acme: { m: { enabled: false } } } } },
  });
  assert.equal(off.has('raw_auction_request'), false);
  const on = ex.forRequest({ endpoint: AUCTION, account: { id: 'b' } });
  await on.run('raw_auction_request', { request: { id: 'r', imp: [] } });
  assert.equal(on.outcomes()[0]!.groups[0]!.invocationResults.length, 1);
});

test('bidder stages trace one outcome per bidder under the bidder name', async () => {
  const m = moduleOf('foobar', {
    bidder_request: { foo: (p) => (p.bidder === 'appnexus' ? { reject: true, nbrCode: 123 } : {}) },
  });
  const req = executor([m], planOf({ bidder_request: [[50, [['foobar', 'foo']]]] })).forRequest({
    endpoint: AUCTION,
  });
  const [a, r] = await Promise.all([
    req.run('bidder_request', { bidder: 'appnexus', request: { id: 'x', imp: [] } }),
    req.run('bidder_request', { bidder: 'rubicon', request: { id: 'x', imp: [] } }),
  ]);
  assert.equal(
    a.reject?.message,
    'Module foobar (hook: foo) rejected request with code 123 at bidder_request stage',
  );
  assert.equal(r.reject, undefined);
  assert.deepEqual(
    req.outcomes().map((o) => [o.stage, o.entity, o.groups[0]!.invocationResults[0]!.action]),
    [
      ['bidder_request', 'appnexus', 'reject'],
      ['bidder_request', 'rubicon', 'no_action'],
    ],
  );
});

test('disabled hooks or no modules give the no-op executor', async () => {
  const m = moduleOf('acme.m', { entrypoint: { e: () => ({}) } });
  assert.equal(createHookExecutor({ modules: [], clock }), noopHookExecutor);
  assert.equal(createHookExecutor({ modules: [m], enabled: false, clock }), noopHookExecutor);
  const req = noopHookExecutor.forRequest({ endpoint: AUCTION });
  const p = entrypoint();
  assert.equal((await req.run('entrypoint', p)).payload, p);
  assert.equal(req.modulesExt({ traceLevel: 'verbose', debug: true }), undefined);
});
