// How the page reaches Gavel: Prebid.js `endpointCompression` (gzip body, ?gzip=1) and CORS from the
// publisher's origin (another port of 127.0.0.1) with credentials, preflight included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bannerUnit, captureAuctions, runAuction, s2sConfig, useWorld, type World } from './world.testkit.js';

let world: World;
useWorld((w) => (world = w));

test('gzip: Prebid.js endpointCompression sends a gzip body with ?gzip=1 and gets its bids', async () => {
  const { page } = await world.openPage();
  world.mock.clear();
  const exchanges = captureAuctions(page);
  const out = await runAuction(page, {
    config: { s2sConfig: s2sConfig(world.gavel, { endpointCompression: true }) },
    adUnits: [bannerUnit('gzip-1')],
    timeoutMs: 3000,
  });
  await world.gavel.settled();
  const call = world.gavel.seen.filter((s) => s.path === '/openrtb2/auction').at(-1);
  assert.equal(call?.query.get('gzip'), '1');
  assert.equal(call?.status, 200);
  const body = exchanges.at(-1)?.raw;
  assert.ok(body && body[0] === 0x1f && body[1] === 0x8b, 'the body on the wire is gzip');
  assert.equal(out.bids.length, 1);
  assert.equal(out.bids[0]?.cpm, 2);
  assert.equal(world.mock.requests.length, 1);
});

interface CorsResult {
  status: number;
  id?: string;
  seats: number;
}

test('CORS: a credentialed JSON POST from the publisher origin is preflighted and readable', async () => {
  const { page } = await world.openPage();
  const pageOrigin = world.pages.origin;
  assert.notEqual(new URL(pageOrigin).port, new URL(world.gavel.origin).port, 'two origins');
  const request = {
    id: 'cors-1',
    site: { page: `${pageOrigin}/page.html`, publisher: { id: 'e2e-pub' } },
    imp: [
      { id: 'i1', banner: { format: [{ w: 300, h: 250 }] }, ext: { prebid: { bidder: { alphabid: {} } } } },
    ],
    tmax: 1000,
  };
  // application/json makes it a non-simple request: the browser sends OPTIONS first.
  const result = await page.evaluate(
    async ([url, body]) => {
      const res = await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const json = (await res.json()) as { id?: string; seatbid?: unknown[] };
      return { status: res.status, id: json.id, seats: json.seatbid?.length ?? 0 } satisfies CorsResult;
    },
    [`${world.gavel.origin}/openrtb2/auction`, JSON.stringify(request)] as const,
  );
  assert.deepEqual(result, { status: 200, id: 'cors-1', seats: 1 });
  await world.gavel.settled();
  const preflight = world.gavel.seen.find((s) => s.method === 'OPTIONS' && s.path === '/openrtb2/auction');
  assert.ok(preflight, 'the browser sent a preflight');
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers['access-control-request-method'], 'POST');
  assert.equal(preflight.responseHeaders['access-control-allow-origin'], pageOrigin);
  assert.equal(preflight.responseHeaders['access-control-allow-credentials'], 'true');
  assert.match(String(preflight.responseHeaders['access-control-allow-methods']), /POST/);
  assert.match(String(preflight.responseHeaders['access-control-allow-headers']), /content-type/i);
  const post = world.gavel.seen.filter((s) => s.method === 'POST' && s.path === '/openrtb2/auction').at(-1);
  assert.equal(post?.headers.origin, pageOrigin);
  assert.equal(post?.responseHeaders['access-control-allow-origin'], pageOrigin);
  assert.equal(post?.responseHeaders['access-control-allow-credentials'], 'true');
});
