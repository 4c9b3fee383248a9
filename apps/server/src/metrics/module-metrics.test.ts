// Module metrics (G modules_<module>_*{stage}): one auction through ortb2blocking, richmedia-filter and a
// faulty test module, then /metrics; and the counter an invocation adds, branch by branch of G
// handleHookResponse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, scriptedTransport, testConfig } from '../../test/harness.js';
import { bids, config as moduleConfig, group } from '../modules/modules.testkit.js';
import type { Module } from '../modules/types.js';
import { moduleCounts, type Applied } from '../modules/hooks/outcome.js';
import type { HookResponse } from '../modules/hooks/run-group.js';
import type { PlannedHook } from '../modules/hooks/plan.js';
import { moduleMetricName } from './module-metrics.js';
import { scrape, seriesValue } from './metrics.testkit.js';

const faulty: Module = {
  code: 'test.faulty-one',
  hooks: {
    processed_auction_request: { slow: () => new Promise((resolve) => setTimeout(() => resolve({}), 200)) },
    bidder_request: {
      boom: () => {
        throw new Error('boom');
      },
    },
    auction_response: { quiet: () => ({}) },
  },
};

const stages = {
  processed_auction_request: { groups: [group([['test.faulty-one', 'slow']], 20)] },
  bidder_request: {
    groups: [
      group([
        ['prebid.ortb2blocking', 'ortb2blocking-bidder-request'],
        ['test.faulty-one', 'boom'],
      ]),
    ],
  },
  raw_bidder_response: { groups: [group([['prebid.ortb2blocking', 'ortb2blocking-raw-bidder-response']])] },
  all_processed_bid_responses: { groups: [group([['prebid.richmedia-filter', 'any']])] },
  auction_response: { groups: [group([['test.faulty-one', 'quiet']])] },
};

const config = moduleConfig(stages);

const request = {
  id: 'r',
  site: { page: 'https://p.example/' },
  imp: [{ id: 'i', banner: { format: [{ w: 300, h: 250 }] }, ext: { prebid: { bidder: { alpha: {} } } } }],
};

test('module series count each invocation by stage and outcome, with its duration', async () => {
  const app = await buildTestApp(config, { transport: scriptedTransport(bids), extraModules: [faulty] });
  for (let i = 0; i < 2; i++) {
    const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: request });
    assert.equal(res.statusCode, 200, res.body);
  }
  const text = await scrape(app.adminApp);
  await app.closeResources();
  const v = (series: string) => seriesValue(text, series);
  const blocking = 'gavel_modules_prebid_ortb2blocking';
  assert.equal(v(`${blocking}_called_total{stage="bidder_request"}`), 2);
  assert.equal(v(`${blocking}_success_updates_total{stage="bidder_request"}`), 2, 'badv set');
  assert.equal(v(`${blocking}_success_updates_total{stage="raw_bidder_response"}`), 2, 'a bid dropped');
  assert.equal(v(`${blocking}_duration_count{stage="bidder_request"}`), 2);
  assert.equal(v(`${blocking}_duration_bucket{le="+Inf",stage="raw_bidder_response"}`), 2);
  const rich = 'gavel_modules_prebid_richmedia_filter';
  assert.equal(v(`${rich}_success_updates_total{stage="all_processed_bid_responses"}`), 2);
  const faultyName = 'gavel_modules_test_faulty_one';
  assert.equal(v(`${faultyName}_called_total{stage="processed_auction_request"}`), 2);
  assert.equal(v(`${faultyName}_timeouts_total{stage="processed_auction_request"}`), 2);
  assert.equal(v(`${faultyName}_execution_errors_total{stage="bidder_request"}`), 2, 'the throw');
  assert.equal(v(`${faultyName}_success_noops_total{stage="auction_response"}`), 2);
  assert.equal(v(`${faultyName}_failed_total{stage="bidder_request"}`), undefined, 'nothing counted there');
  assert.match(
    text,
    /# HELP gavel_modules_test_faulty_one_called_total Count of module calls labeled by stage name\./,
  );
});

test('hooks disabled: no module series at all', async () => {
  const off = testConfig({ ...config, hooks: { ...config.hooks, enabled: false } });
  const app = await buildTestApp(off, { transport: scriptedTransport(bids) });
  const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: request });
  assert.equal(res.statusCode, 200, res.body);
  const text = await scrape(app.adminApp);
  await app.closeResources();
  assert.doesNotMatch(text, /gavel_modules_/);
});

test('metric names: G moduleReplacer turns . and - into _, and so any other character', () => {
  assert.equal(moduleMetricName('prebid.richmedia-filter'), 'prebid_richmedia_filter');
  assert.equal(moduleMetricName('acme.module_x'), 'acme_module_x');
  assert.equal(moduleMetricName('acme/échange v2'), 'acme__change_v2', 'whatever a name cannot hold');
});

const hook = { moduleCode: 'm', implCode: 'h' } as PlannedHook;
const response = (o: Partial<HookResponse> = {}): HookResponse => ({
  hook,
  result: {},
  executionTimeMs: 0,
  durationMs: 0,
  ...o,
});
const applied = (action: string, updated: boolean): Applied<unknown> =>
  ({ payload: undefined, outcome: { action }, updated }) as unknown as Applied<unknown>;

test('the counters of one invocation follow G handleHookResponse', () => {
  const error = (status: 'timeout' | 'failure' | 'execution_failure') => ({ text: 'x', status });
  const cases: [string, ReturnType<typeof moduleCounts>][] = [
    ['timeout', moduleCounts('bidder_request', response({ error: error('timeout') }), applied('', false))],
    ['failure', moduleCounts('bidder_request', response({ error: error('failure') }), applied('', false))],
    [
      'thrown',
      moduleCounts('bidder_request', response({ error: error('execution_failure') }), applied('', false)),
    ],
    ['reject', moduleCounts('entrypoint', response({ result: { reject: true } }), applied('reject', false))],
    [
      'reject, stage without',
      moduleCounts('auction_response', response({ result: { reject: true } }), applied('', false)),
    ],
    ['no mutation', moduleCounts('bidder_request', response(), applied('no_action', false))],
    ['applied', moduleCounts('bidder_request', response(), applied('update', true))],
    ['every mutation failed', moduleCounts('bidder_request', response(), applied('update', false))],
    [
      'failure and reject',
      moduleCounts(
        'entrypoint',
        response({ error: error('failure'), result: { reject: true } }),
        applied('', false),
      ),
    ],
  ];
  assert.deepEqual(Object.fromEntries(cases), {
    timeout: ['timeouts'],
    failure: ['failed'],
    thrown: ['execution_errors'],
    reject: ['success_rejects'],
    'reject, stage without': ['execution_errors'],
    'no mutation': ['success_noops'],
    applied: ['success_updates'],
    'every mutation failed': ['execution_errors'],
    'failure and reject': ['failed', 'success_rejects'],
  });
});
