// `paired.mjs --yardstick K` (paired-yardstick.mjs): the yardstick's request, config and answers, read
// from its fixtures.js — here a stand-in of the same shape, so the test needs no ../shared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { yardstickSetup } from './paired-yardstick.mjs';

const FIXTURES = `
const BIDDERS = ['alpha', 'beta', 'gamma', 'delta'];
const bidRequest = (id, { bidders = 4 } = {}) => ({ id: 'req', imp: [], bidders: BIDDERS.slice(0, bidders) });
const bidderResponse = (name, price) => ({ seat: name, price });
module.exports = { BIDDERS, bidRequest, bidderResponse };
`;

function withShared(run: (shared: string) => void): void {
  const shared = mkdtempSync(join(tmpdir(), 'gavel-yardstick-'));
  try {
    writeFileSync(join(shared, 'fixtures.js'), FIXTURES);
    run(shared);
  } finally {
    rmSync(shared, { recursive: true, force: true });
  }
}

test('yardstickSetup: the first K bidders, as generic bidders on ports 9100 + index, floors on', () => {
  withShared((shared) => {
    const setup = yardstickSetup({ shared, k: 3 });
    assert.deepEqual(setup.bidders, ['alpha', 'beta', 'gamma']);
    assert.deepEqual(Object.keys(setup.config.bidders), ['alpha', 'beta', 'gamma']);
    assert.equal(setup.config.bidders['gamma']?.endpoint, 'http://127.0.0.1:9102/openrtb2/bid');
    assert.equal(setup.config['ext-namespace'], 'prebid');
    assert.deepEqual(setup.config['price-floors'], { enabled: true, 'default-account': { enabled: true } });
    assert.deepEqual(setup.request(), { id: 'req', imp: [], bidders: ['alpha', 'beta', 'gamma'] });
  });
});

test("yardstickSetup: each bidder's answers rotate through mock-bidder.js's 64 price variants", () => {
  withShared((shared) => {
    const setup = yardstickSetup({ shared, k: 2 });
    const priceOf = (uri: string) => (JSON.parse(setup.answer(uri).body ?? '') as { price: number }).price;
    const beta = 'http://127.0.0.1:9101/openrtb2/bid';
    // Variant v of bidder i: 0.5 + ((v * 37 + i * 11) % 300) / 100.
    assert.equal(priceOf(beta), 0.5 + 11 / 100);
    assert.equal(priceOf(beta), 0.5 + 48 / 100);
    for (let v = 2; v < 64; v++) priceOf(beta);
    assert.equal(priceOf(beta), 0.5 + 11 / 100, 'the 65th answer is the first again');
    assert.equal(priceOf('http://127.0.0.1:9100/openrtb2/bid'), 0.5, "the other bidder's count is its own");
    assert.equal(setup.answer(beta).status, 200);
  });
});
