// bid.ext.<ns>.bidid generation (G exchange.go bidIDGenerator; fixtures generate-bid-id-*).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignBidIds, bidIdErrorMessage, createBidIdGenerator } from './index.js';
import { createTestBidIdGenerator, harnessBidIdGenerator } from './bid-ids.testkit.js';

test('default generator: UUID v4 per call when enabled', () => {
  const gen = createBidIdGenerator({ enabled: true });
  const a = gen.next('appnexus');
  const b = gen.next('appnexus');
  assert.ok(a.ok && b.ok);
  assert.match(a.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.notEqual(a.id, b.id);
});

test('injected uuid source; disabled generator makes no ids; a throwing or empty source is an error value', () => {
  let n = 0;
  assert.deepEqual(createBidIdGenerator({ enabled: true, uuid: () => `u${++n}` }).next('x'), {
    ok: true,
    id: 'u1',
  });
  assert.equal(createBidIdGenerator({ enabled: false, uuid: () => 'u' }).next('x').ok, false);
  const thrower = createBidIdGenerator({
    enabled: true,
    uuid: () => {
      throw new Error('no entropy');
    },
  });
  assert.deepEqual(thrower.next('x'), { ok: false, error: 'no entropy' });
  assert.deepEqual(createBidIdGenerator({ enabled: true, uuid: () => '' }).next('x'), {
    ok: false,
    error: 'empty bid id',
  });
});

test('test generator: bid-<seat>-<n>, counter per seat from 1 (fixture generate-bid-id-many)', () => {
  const gen = createTestBidIdGenerator();
  const out = assignBidIds({
    generator: gen,
    ns: 'prebid',
    bids: [{ seat: 'appnexus' }, { seat: 'audienceNetwork' }, { seat: 'appnexus' }],
  });
  assert.deepEqual(out, { ids: ['bid-appnexus-1', 'bid-audienceNetwork-1', 'bid-appnexus-2'], errors: [] });
});

test('failing generator: one 999 error per bid, bids keep no id (fixture generate-bid-id-error)', () => {
  const out = assignBidIds({
    generator: harnessBidIdGenerator({ generateBidID: true, returnError: true }),
    ns: 'prebid',
    bids: [{ seat: 'appnexus' }, { seat: 'appnexus' }],
  });
  assert.deepEqual(out.ids, [undefined, undefined]);
  assert.deepEqual(out.errors, [
    { code: 999, message: 'Error generating bid.ext.prebid.bidid' },
    { code: 999, message: 'Error generating bid.ext.prebid.bidid' },
  ]);
  assert.equal(bidIdErrorMessage('core'), 'Error generating bid.ext.core.bidid');
});

test('generation off (harness block absent): no ids, no errors, generator not asked', () => {
  const out = assignBidIds({
    generator: harnessBidIdGenerator(undefined),
    ns: 'core',
    bids: [{ seat: 'a' }],
  });
  assert.deepEqual(out, { ids: [undefined], errors: [] });
});
