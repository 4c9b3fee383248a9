import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { buildTestApp, testConfig } from '../../../test/harness.js';
import { createMemorySource } from '../../stored/memory-source.js';

const accounts = createMemorySource({
  account: {
    on: JSON.stringify({ events: { enabled: true } }),
    off: JSON.stringify({ events: { enabled: false } }),
    gone: JSON.stringify({ disabled: true, events: { enabled: true } }),
    broken: JSON.stringify({ events: { enabled: 'yes' } }),
  },
});

async function appWith(overrides: Record<string, unknown> = {}) {
  const app = await buildTestApp(testConfig(overrides), { storedSources: [accounts] });
  return { app };
}

test('GET /event: f=i → 200 transparent 1x1 PNG, f=b and no f → 200 empty; counted on /metrics', async () => {
  const { app } = await appWith();
  const png = await app.publicApp.inject('/event?t=win&b=bid1&a=on&bidder=appnexus&f=i&ts=1700000000000');
  assert.equal(png.statusCode, 200);
  assert.equal(png.headers['content-type'], 'image/png');
  const bytes = png.rawPayload;
  assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
  assert.equal(bytes.readUInt32BE(16), 1); // width
  assert.equal(bytes.readUInt32BE(20), 1); // height
  assert.deepEqual([...inflateSync(bytes.subarray(41, 41 + bytes.readUInt32BE(33)))], [0, 0, 0, 0, 0]);
  for (const f of ['&f=b', '']) {
    const res = await app.publicApp.inject(`/event?t=imp&b=bid1&a=on&bidder=somebody${f}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, '');
  }
  const metrics = (await app.adminApp.inject('/metrics')).body;
  assert.match(metrics, /gavel_events_total\{type="win",bidder="appnexus"\} 1/);
  assert.match(metrics, /gavel_events_total\{type="imp",bidder="unknown"\} 2/);
  await app.closeResources();
});

test('GET /event: one 400 line per bad parameter, naming it', async () => {
  const { app } = await appWith();
  const res = await app.publicApp.inject('/event?t=click&a=on&ts=yesterday&f=x&x=2&int=bad!');
  assert.equal(res.statusCode, 400);
  assert.deepEqual(res.body.trimEnd().split('\n'), [
    "Invalid request: parameter 't' must be win or imp, but was 'click'",
    "Invalid request: parameter 'b' (bid id) is required and can't be empty",
    "Invalid request: parameter 'bidder' is required and can't be empty",
    "Invalid request: parameter 'ts' must be a timestamp in milliseconds, but was 'yesterday'",
    "Invalid request: parameter 'f' must be b or i, but was 'x'",
    "Invalid request: parameter 'x' must be 1 or 0, but was '2'",
    "Invalid request: parameter 'int' can only contain numbers, letters and these characters '-', '_'",
  ]);
  const noType = await app.publicApp.inject('/event?b=1&bidder=x&a=on');
  assert.equal(noType.body, "Invalid request: parameter 't' is required (win or imp)\n");
  await app.closeResources();
});

test('GET /event: missing a → 401; events off (stored or host default) → 401; x=0 skips the check', async () => {
  const { app } = await appWith();
  const noAccount = await app.publicApp.inject('/event?t=win&b=1&bidder=x');
  assert.equal(noAccount.statusCode, 401);
  assert.equal(noAccount.body, "Account 'a' is required query parameter and can't be empty\n");
  for (const a of ['off', 'unknown-id']) {
    const res = await app.publicApp.inject(`/event?t=win&b=1&bidder=x&a=${a}`);
    assert.equal(res.statusCode, 401);
    assert.equal(res.body, `Account '${a}' doesn't support events\n`);
  }
  const optOut = await app.publicApp.inject('/event?t=win&b=1&bidder=x&a=off&x=0&f=i');
  assert.equal(optOut.statusCode, 200);
  assert.equal(optOut.headers['content-type'], 'image/png');
  assert.doesNotMatch((await app.adminApp.inject('/metrics')).body, /gavel_events_total\{/);
  await app.closeResources();
});

test('GET /event: disabled or blocked account → 503, malformed → 500, host default events on → 200', async () => {
  const { app } = await appWith({
    auction: { 'blocked-accounts': ['blocked'] },
    settings: { 'default-account': { 'events-enabled': true } },
  });
  const gone = await app.publicApp.inject('/event?t=win&b=1&bidder=x&a=gone');
  assert.equal(gone.statusCode, 503);
  assert.match(gone.body, /^Invalid request: Prebid-server has disabled Account ID: gone/);
  const blocked = await app.publicApp.inject('/event?t=win&b=1&bidder=x&a=blocked');
  assert.equal(blocked.statusCode, 503);
  const broken = await app.publicApp.inject('/event?t=win&b=1&bidder=x&a=broken');
  assert.equal(broken.statusCode, 500);
  assert.match(broken.body, /account id "broken" is malformed/);
  const byDefault = await app.publicApp.inject('/event?t=win&b=1&bidder=x&a=unknown-id');
  assert.equal(byDefault.statusCode, 200);
  await app.closeResources();
});

test('GET /event: events.enabled=false → no route', async () => {
  const { app } = await appWith({ events: { enabled: false } });
  assert.equal((await app.publicApp.inject('/event?t=win&b=1&bidder=x&a=on')).statusCode, 404);
  await app.closeResources();
});
