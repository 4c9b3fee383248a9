// e-planning: own fixtures through the shared runner (in upstream's test mode: no cache-buster, `{}`
// body), the live call's cache-buster, and params schema examples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AdapterContext } from '../../types.js';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';
import { adapter } from './adapter.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), { testing: true });
testParamsSchema(
  bidder,
  [{ ci: 'c1' }, { ci: 'c1', adunit_code: 'top' }],
  [{}, { ci: 1 }, { adunit_code: 'x' }],
);

test('eplanning: live calls carry a random cache-buster and no body', () => {
  const ctx = { bidder: 'eplanning', endpoint: 'http://e.example/pbs' } as AdapterContext;
  const imp = { id: 'a', banner: { w: 300, h: 250 }, ext: { bidder: { ci: 'c1' } } };
  const made = adapter.makeRequests({ id: 'r', imp: [imp] }, ctx);
  const call = made.value[0];
  assert.ok(call);
  assert.match(
    call.uri,
    /^http:\/\/e\.example\/pbs\/c1\/1\/FILE\/ROS\?e=300x250%3A300x250&ncb=1&rnd=\d+&ur=FILE$/,
  );
  assert.equal(call.body, undefined);
  assert.equal(call.method, 'GET');
});
