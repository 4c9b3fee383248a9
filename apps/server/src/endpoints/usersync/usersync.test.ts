// POST /cookie_sync, GET /setuid, GET /getuids in-process: every transition of the contract's
// table through real cookies, the status codes (400/401/451), formats and the size cap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { request } from 'undici';
import {
  createLogger,
  createManualClock,
  createPublicApp,
  createReadiness,
  createServiceMetrics,
} from '@gavel/common';
import { buildTestApp, testConfig } from '../../../test/harness.js';
import { registerUserSyncRoutes } from './routes.js';
import { createUserSyncSettings } from '../../usersync/from-config.js';
import { createConsentGate, type ConsentGate } from '../../usersync/consent-gate.js';
import { decodeUidsCookie, encodeUidsCookie } from '../../usersync/uids-cookie.js';
import { withUid } from '../../usersync/uids-state.js';
import { EMPTY_UIDS } from '../../usersync/uids-cookie.js';
import { consentString } from '../../privacy/tcf-test-strings.js';
import { keepOrder, syncTestBidders, syncTestRegistry } from '../../usersync/usersync-test-kit.js';

const T0 = 1_700_000_000_000;
const DAY = 24 * 60 * 60 * 1000;
/** TCF v2 with purpose 1 and vendor 32 consented (vendor ids ≤ 32 only). */
const CONSENT = 'CPdECS0PdECS0ACABBENAzCv_____3___wAAAQNd_X9cAAAAAAAA';

async function syncApp(overrides: Record<string, unknown> = {}, gate?: ConsentGate) {
  const clock = createManualClock(T0);
  const config = testConfig({ 'external-url': 'https://pbs.test', ...overrides });
  const app = await createPublicApp({
    logger: createLogger({ level: 'silent', name: 'test' }),
    readiness: createReadiness(),
    metrics: createServiceMetrics({ prefix: 't_', collectProcess: false }),
    version: { version: 'test', revision: 'test' },
    status: { response: 'ok' },
    logRequests: false,
    bodyLimitBytes: 65536,
  });
  const settings = createUserSyncSettings(config, syncTestRegistry(), gate ? { gate } : {});
  await registerUserSyncRoutes(app, { settings, clock, bodyLimitBytes: 65536, random: keepOrder });
  return { app, clock };
}

/** The `uids` value a response set (undefined when none). */
function setUids(res: LightMyRequestResponse): string | undefined {
  const h = res.headers['set-cookie'];
  const line = Array.isArray(h) ? h[0] : h;
  return line?.match(/^uids=([^;]*)/)?.[1];
}

const setuid = (app: FastifyInstance, query: string, cookie?: string) =>
  app.inject({ method: 'GET', url: `/setuid?${query}`, headers: cookie ? { cookie: `uids=${cookie}` } : {} });

const cookieSync = (app: FastifyInstance, body: unknown, cookie?: string, contentType = 'text/plain') =>
  app.inject({
    method: 'POST',
    url: '/cookie_sync',
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { ...(contentType ? { 'content-type': contentType } : {}), ...(cookie ? { cookie } : {}) },
  });

test('setuid: absent → present → replaced → absent, stored under the syncer key, f=i PNG / f=b HTML', async () => {
  const { app } = await syncApp();
  const r1 = await setuid(app, 'bidder=alpha&uid=U1&f=i');
  assert.equal(r1.statusCode, 200);
  assert.equal(r1.headers['content-type'], 'image/png');
  assert.equal(Number(r1.headers['content-length']), r1.rawPayload.length);
  assert.equal(r1.rawPayload.subarray(1, 4).toString(), 'PNG');
  assert.match(String(r1.headers['set-cookie']), /Path=\/; Max-Age=7776000; .*SameSite=None; Secure$/);
  const c1 = setUids(r1);
  const entry = decodeUidsCookie(c1).uids.get('alphakey');
  assert.deepEqual(entry, { uid: 'U1', expiresMs: T0 + 7 * DAY });

  const r2 = await setuid(app, 'bidder=alphakey&uid=U2&f=b', c1);
  assert.equal(r2.statusCode, 200);
  assert.equal(r2.headers['content-type'], 'text/html');
  assert.equal(r2.headers['content-length'], '0');
  assert.equal(r2.body, '');
  assert.equal(decodeUidsCookie(setUids(r2)).uids.get('alphakey')?.uid, 'U2');

  const r3 = await setuid(app, 'bidder=alpha', setUids(r2));
  assert.equal(r3.statusCode, 200);
  assert.equal(decodeUidsCookie(setUids(r3)).uids.size, 0);

  const g = await app.inject({ method: 'GET', url: '/getuids', headers: { cookie: `uids=${setUids(r2)}` } });
  assert.match(String(g.headers['content-type']), /^application\/json/);
  assert.deepEqual(g.json(), { buyeruids: { alphakey: 'U2' } });
  assert.deepEqual((await app.inject({ method: 'GET', url: '/getuids' })).json(), {});
  await app.close();
});

test('setuid: f defaults to the syncer type; 400 rules name the field', async () => {
  const { app } = await syncApp();
  assert.equal((await setuid(app, 'bidder=beta&uid=x')).headers['content-type'], 'text/html');
  assert.equal((await setuid(app, 'bidder=alpha&uid=x')).headers['content-type'], 'image/png');
  const cases: [string, RegExp][] = [
    ['uid=x', /"bidder" query param is required/],
    ['bidder=nope&uid=x', /bidder "nope"/],
    ['bidder=eps&uid=x', /bidder "eps"/],
    ['bidder=alpha&uid=x&f=z', /"f" query param is invalid/],
    ['bidder=alpha&uid=x&gdpr=2', /gdpr query param must be either 0 or 1/],
    ['bidder=alpha&uid=x&gdpr=1', /gdpr_consent is required/],
    ['bidder=alpha&uid=x&gdpr=1&gdpr_consent=garbage', /gdpr_consent is not a valid/],
  ];
  for (const [q, msg] of cases) {
    const res = await setuid(app, q);
    assert.equal(res.statusCode, 400, q);
    assert.match(res.body, msg, q);
    assert.equal(res.headers['set-cookie'], undefined);
  }
  // gdpr=0 or no gdpr: the consent string is not looked at.
  assert.equal((await setuid(app, 'bidder=alpha&uid=x&gdpr=0&gdpr_consent=garbage')).statusCode, 200);
  await app.close();
});

test('setuid: host vendor without purpose-1 consent → 451, with it → 200; host GDPR off → 200', async () => {
  const { app } = await syncApp({}, createConsentGate({ hostVendorId: 999 }));
  const denied = await setuid(app, `bidder=alpha&uid=x&gdpr=1&gdpr_consent=${CONSENT}`);
  assert.equal(denied.statusCode, 451);
  assert.equal(denied.headers['set-cookie'], undefined);
  assert.equal((await setuid(app, 'bidder=alpha&uid=x&gdpr=0')).statusCode, 200);
  await app.close();
  const { app: allowed } = await syncApp({}, createConsentGate({ hostVendorId: 32 }));
  assert.equal((await setuid(allowed, `bidder=alpha&uid=x&gdpr=1&gdpr_consent=${CONSENT}`)).statusCode, 200);
  await allowed.close();
  // From host config: purpose 1 needs consent (TCF 2.2), vendor consent alone is not enough.
  const gdpr = { 'host-vendor-id': 32, 'default-value': '1' };
  const { app: configured } = await syncApp({ privacy: { gdpr } });
  const noPurpose1 = consentString({ vendorConsents: [32], purposeConsents: [2] });
  assert.equal(
    (await setuid(configured, `bidder=alpha&uid=x&gdpr=1&gdpr_consent=${noPurpose1}`)).statusCode,
    451,
  );
  const ok = consentString({ vendorConsents: [32], purposeConsents: [1] });
  assert.equal((await setuid(configured, `bidder=alpha&uid=x&gdpr=1&gdpr_consent=${ok}`)).statusCode, 200);
  assert.equal((await setuid(configured, 'bidder=alpha&uid=x')).statusCode, 400, 'gdpr assumed, no consent');
  assert.equal((await setuid(configured, `bidder=alpha&uid=x&gdpr_consent=${ok}`)).statusCode, 200);
  await configured.close();
  const { app: off } = await syncApp({ privacy: { gdpr: { ...gdpr, enabled: false } } });
  assert.equal((await setuid(off, `bidder=alpha&uid=x&gdpr=1&gdpr_consent=${noPurpose1}`)).statusCode, 200);
  await off.close();
});

test('opt-out cookie or opted-out uids cookie → 401 on /setuid and /cookie_sync, {} on /getuids', async () => {
  const { app } = await syncApp({ 'host-cookie': { 'optout-cookie': { name: 'optout', value: 'true' } } });
  const headers = { cookie: 'optout=true' };
  assert.equal(
    (await app.inject({ method: 'GET', url: '/setuid?bidder=alpha&uid=x', headers })).statusCode,
    401,
  );
  assert.equal((await cookieSync(app, {}, 'optout=true')).statusCode, 401);
  const optedOut = encodeUidsCookie({ uids: withUid(EMPTY_UIDS, 'beta', 'b', T0).uids, optout: true });
  assert.equal((await setuid(app, 'bidder=alpha&uid=x', optedOut)).statusCode, 401);
  const g = await app.inject({ method: 'GET', url: '/getuids', headers: { cookie: `uids=${optedOut}` } });
  assert.deepEqual(g.json(), {});
  assert.equal((await setuid(app, 'bidder=alpha&uid=x', undefined)).statusCode, 200);
  await app.close();
});

test('size cap: the oldest IDs are ejected; a uid that alone does not fit → 400', async () => {
  const { app, clock } = await syncApp({ 'host-cookie': { 'max-cookie-size-bytes': 500 } });
  let cookie: string | undefined;
  for (const bidder of ['alpha', 'beta', 'gamma']) {
    const res = await setuid(app, `bidder=${bidder}&uid=${'x'.repeat(100)}`, cookie);
    assert.equal(res.statusCode, 200);
    cookie = setUids(res);
    clock.advance(1000);
  }
  const keys = [...decodeUidsCookie(cookie).uids.keys()];
  assert.ok(!keys.includes('alphakey') && keys.includes('gamma'), keys.join());
  assert.ok(`uids=${cookie}`.length <= 500);
  const big = await setuid(app, `bidder=alpha&uid=${'y'.repeat(600)}`, cookie);
  assert.equal(big.statusCode, 400);
  await app.close();
});

test('cookie_sync: text/plain JSON, absent/stale bidders get sync URLs, present ones do not; status', async () => {
  const { app, clock } = await syncApp();
  const empty = await cookieSync(app, { bidders: ['alpha', 'beta'], gdpr: 0, us_privacy: '1YNN' });
  assert.equal(empty.statusCode, 200);
  assert.match(String(empty.headers['content-type']), /^application\/json/);
  const body = empty.json<{
    status: string;
    bidder_status: { bidder: string; usersync: { url: string } }[];
  }>();
  assert.equal(body.status, 'no_cookie');
  assert.deepEqual(
    body.bidder_status.map((e) => ({ ...e, usersync: { ...e.usersync, url: '' } })),
    [
      { bidder: 'alpha', no_cookie: true, usersync: { url: '', type: 'redirect', supportCORS: false } },
      { bidder: 'beta', no_cookie: true, usersync: { url: '', type: 'iframe', supportCORS: false } },
    ],
  );
  const redirect = new URL(body.bidder_status[0]?.usersync.url ?? '').searchParams.get('r') ?? '';
  assert.equal(
    redirect,
    'https://pbs.test/setuid?bidder=alpha&gdpr=0&gdpr_consent=&us_privacy=1YNN&f=i&uid=$UID',
  );

  // Fire the redirect as the bidder would: present → not synced again, status ok.
  const set = await app.inject({
    method: 'GET',
    url: redirect.replace('https://pbs.test', '').replace('$UID', 'A1'),
  });
  const cookie = `uids=${setUids(set)}`;
  const after = (await cookieSync(app, { bidders: ['alpha', 'beta'], debug: true }, cookie)).json<{
    status: string;
    bidder_status: { bidder: string }[];
    debug: unknown;
  }>();
  assert.equal(after.status, 'ok');
  assert.deepEqual(
    after.bidder_status.map((e) => e.bidder),
    ['beta'],
  );
  assert.deepEqual(after.debug, [{ bidder: 'alpha', error: 'Already in sync' }]);

  // 7 days later the ID is stale: re-synced, and the cookie no longer counts as "ok".
  clock.advance(7 * DAY);
  const stale = (await cookieSync(app, { bidders: ['alpha'] }, cookie)).json<{
    status: string;
    bidder_status: { bidder: string }[];
  }>();
  assert.equal(stale.status, 'no_cookie');
  assert.deepEqual(
    stale.bidder_status.map((e) => e.bidder),
    ['alpha'],
  );
  await app.close();
});

test('cookie_sync: limit, host default limit, coopSync default, filterSettings', async () => {
  const { app } = await syncApp({ 'user-sync': { 'default-limit': 1, 'coop-sync-default': true } });
  const bidders = (res: LightMyRequestResponse) =>
    res.json<{ bidder_status: { bidder: string }[] }>().bidder_status.map((e) => e.bidder);
  assert.deepEqual(bidders(await cookieSync(app, {})), ['alpha']);
  assert.deepEqual(bidders(await cookieSync(app, { bidders: ['beta'], limit: 2 })), ['beta', 'alpha']);
  assert.deepEqual(bidders(await cookieSync(app, { bidders: ['beta'], limit: 2, coopSync: false })), [
    'beta',
  ]);
  assert.deepEqual(bidders(await cookieSync(app, { limit: 0, coopSync: false })), ['alpha']);
  const noIframe = { filterSettings: { iframe: { bidders: '*', filter: 'exclude' } }, limit: 5 };
  const res = await cookieSync(app, noIframe, undefined, 'application/json');
  assert.deepEqual(bidders(res), ['alpha', 'gamma']);
  assert.equal(
    res.json<{ bidder_status: { usersync: { type: string } }[] }>().bidder_status[1]?.usersync.type,
    'redirect',
  );
  assert.deepEqual(bidders(await cookieSync(app, '', undefined, '')), ['alpha']);
  await app.close();
});

test('cookie_sync: 400 naming the field; GDPR without consent → 400; host vendor denied → no syncs', async () => {
  const { app } = await syncApp();
  const cases: [unknown, RegExp][] = [
    ['{not json', /JSON parsing failed/],
    [[1], /must be a JSON object/],
    [{ bidders: 'alpha' }, /bidders must be an array/],
    [{ gdpr: 2 }, /gdpr must be 0 or 1/],
    [{ gdpr: 1 }, /gdpr_consent is required if gdpr=1/],
    [{ gdpr: 1, gdpr_consent: 'garbage' }, /gdpr_consent is not a valid/],
    [{ limit: 'x' }, /limit must be an integer/],
    [{ coopSync: 'yes' }, /coopSync must be a boolean/],
    [{ filterSettings: { iframe: { filter: 'maybe' } } }, /filterSettings\.iframe\.filter/],
    [{ filterSettings: { image: { bidders: 5 } } }, /filterSettings\.image\.bidders/],
  ];
  for (const [body, msg] of cases) {
    const res = await cookieSync(app, body);
    assert.equal(res.statusCode, 400, JSON.stringify(body));
    assert.match(res.body, msg);
  }
  await app.close();
  const { app: denied } = await syncApp({}, createConsentGate({ hostVendorId: 999 }));
  const res = await cookieSync(denied, { bidders: ['alpha'], gdpr: 1, gdpr_consent: CONSENT });
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.json(), { status: 'no_cookie', bidder_status: [] });
  await denied.close();
});

test('createApp serves the sync routes with the registry and host config', async () => {
  const server = await buildTestApp(testConfig({ 'external-url': 'https://pbs.test' }), {
    extraBidders: syncTestBidders,
  });
  const res = await server.publicApp.inject({
    method: 'POST',
    url: '/cookie_sync',
    payload: JSON.stringify({ bidders: ['appnexus', 'alpha'] }),
    headers: { 'content-type': 'text/plain' },
  });
  assert.equal(res.statusCode, 200);
  const names = res.json<{ bidder_status: { bidder: string }[] }>().bidder_status.map((e) => e.bidder);
  assert.deepEqual(names.sort(), ['alpha', 'appnexus']);
  const set = await server.publicApp.inject({ method: 'GET', url: '/setuid?bidder=appnexus&uid=42' });
  assert.equal(set.statusCode, 200);
  assert.equal(decodeUidsCookie(setUids(set)).uids.get('adnxs')?.uid, '42');
  await server.publicApp.close();
  await server.adminApp.close();
  await server.closeResources();
});

test('over a real socket: a cross-site text/plain cookie sync with credentials, then /setuid sets the cookie', async () => {
  const { app } = await syncApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  assert.ok(address && typeof address === 'object');
  const base = `http://127.0.0.1:${address.port}`;
  const sync = await request(`${base}/cookie_sync`, {
    method: 'POST',
    body: JSON.stringify({ bidders: ['alpha'] }),
    headers: { 'content-type': 'text/plain;charset=utf-8', origin: 'https://publisher.test' },
  });
  assert.equal(sync.statusCode, 200);
  assert.equal(sync.headers['access-control-allow-origin'], 'https://publisher.test');
  assert.equal(sync.headers['access-control-allow-credentials'], 'true');
  const body = (await sync.body.json()) as { bidder_status: { bidder: string }[] };
  assert.deepEqual(
    body.bidder_status.map((e) => e.bidder),
    ['alpha'],
  );
  const set = await request(`${base}/setuid?bidder=alpha&uid=abc&f=i`);
  assert.equal(set.statusCode, 200);
  assert.equal(Buffer.from(await set.body.arrayBuffer()).length, Number(set.headers['content-length']));
  assert.match(String(set.headers['set-cookie']), /^uids=[A-Za-z0-9_-]+=*; Path=\//);
  await app.close();
});

test('cookie_sync under GDPR offers only bidders whose vendor has purpose 1 (the auction decision)', async () => {
  const { app } = await syncApp();
  const res = await app.inject({
    method: 'POST',
    url: '/cookie_sync',
    payload: { bidders: ['alpha', 'beta'], gdpr: 1, gdpr_consent: CONSENT, debug: true },
  });
  const body = res.json<{
    bidder_status: { bidder: string }[];
    debug?: { bidder: string; error: string }[];
  }>();
  assert.deepEqual(
    body.bidder_status.map((s) => s.bidder),
    ['alpha'],
  );
  assert.deepEqual(body.debug, [{ bidder: 'beta', error: 'Rejected by privacy' }]);
  const outOfScope = await app.inject({
    method: 'POST',
    url: '/cookie_sync',
    payload: { bidders: ['alpha', 'beta'], gdpr: 0 },
  });
  assert.equal(outOfScope.json<{ bidder_status: unknown[] }>().bidder_status.length, 2);
});

test('GPP on sync requests: gpp_sid decides GDPR, the GPP TCF section is the consent, bad GPP is a 400', async () => {
  const { app } = await syncApp();
  // Header "DBACNYA" lists sections 2 (TCF EU v2) and 6 (USP v1).
  const gpp = `DBACNYA~${CONSENT}~1NYN`;
  const sync = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/cookie_sync', payload: { bidders: ['alpha', 'beta'], ...payload } });
  const inScope = await sync({ gpp, gpp_sid: '2' });
  assert.equal(inScope.statusCode, 200, inScope.body);
  assert.deepEqual(
    inScope.json<{ bidder_status: { bidder: string }[] }>().bidder_status.map((s) => s.bidder),
    ['alpha'],
  );
  // gpp_sid without 2: out of GDPR scope even with gdpr=1.
  const out = await sync({ gdpr: 1, gpp_sid: '6' });
  assert.equal(out.json<{ bidder_status: unknown[] }>().bidder_status.length, 2);
  const bad = await sync({ gpp: 'not-gpp', gpp_sid: '2' });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /gpp/);
  const badSid = await sync({ gpp_sid: '2,x' });
  assert.equal(badSid.statusCode, 400);
  assert.match(badSid.body, /gpp_sid/);
});
