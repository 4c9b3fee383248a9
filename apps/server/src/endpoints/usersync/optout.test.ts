// GET|POST /optout and the opt-out page in-process, with a local HTTP server standing in for the
// reCAPTCHA verifier: no response → page, refused / unreachable / slow verifier → 401, opt out, opt in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import {
  createLogger,
  createManualClock,
  createPublicApp,
  createReadiness,
  createServiceMetrics,
} from '@gavel/common';
import {
  createRecaptchaVerifier,
  registerOptoutRoute,
  renderOptoutPage,
  type RecaptchaVerifier,
} from './optout.js';
import { optoutSettingsFromConfig, type OptoutConfig } from '../../usersync/optout-config.js';
import { decodeUidsCookie, encodeUidsCookie, EMPTY_UIDS } from '../../usersync/uids-cookie.js';
import { withUid } from '../../usersync/uids-state.js';

const T0 = 1_700_000_000_000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Verifier {
  url: string;
  /** Form bodies the verifier received. */
  seen: URLSearchParams[];
  close(): Promise<void>;
}

type Answer = (res: ServerResponse) => void;

async function startVerifier(answer: Answer): Promise<Verifier> {
  const seen: URLSearchParams[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      assert.equal(req.method, 'POST');
      assert.equal(req.headers['content-type'], 'application/x-www-form-urlencoded');
      seen.push(new URLSearchParams(body));
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json =
  (status: number, body: unknown): Answer =>
  (res) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function config(over: Partial<OptoutConfig> = {}): OptoutConfig {
  return {
    'recaptcha-secret': 'S3CRET',
    'recaptcha-url': 'http://127.0.0.1:1/unused',
    'recaptcha-site-key': 'SITE"KEY',
    'opt-out-url': 'https://host.test/optedout',
    'opt-in-url': 'https://host.test/optedin',
    'timeout-ms': 500,
    ...over,
  };
}

async function optoutApp(over: Partial<OptoutConfig> = {}, verify?: RecaptchaVerifier) {
  const app = await createPublicApp({
    logger: createLogger({ level: 'silent', name: 'test' }),
    readiness: createReadiness(),
    metrics: createServiceMetrics({ prefix: 't_', collectProcess: false }),
    version: { version: 'test', revision: 'test' },
    status: { response: 'ok' },
    logRequests: false,
    bodyLimitBytes: 65536,
  });
  await registerOptoutRoute(app, {
    settings: optoutSettingsFromConfig(config(over)),
    cookie: { domain: 'pbs.test', ttlDays: 90 },
    externalUrl: 'https://pbs.test/',
    clock: createManualClock(T0),
    ...(verify ? { verify } : {}),
  });
  return app;
}

function setUids(res: LightMyRequestResponse): string | undefined {
  const h = res.headers['set-cookie'];
  const line = Array.isArray(h) ? h[0] : h;
  return line?.match(/^uids=([^;]*)/)?.[1];
}

const twoUids = encodeUidsCookie(withUid(withUid(EMPTY_UIDS, 'adnxs', 'A1', T0), 'rubicon', 'R1', T0));

test('no g-recaptcha-response (GET or POST) → 301 to the page under external-url, no cookie', async () => {
  const app = await optoutApp({}, () => assert.fail('the verifier must not be called'));
  for (const res of [
    await app.inject({ method: 'GET', url: '/optout?optout=1' }),
    await app.inject({
      method: 'POST',
      url: '/optout',
      headers: FORM,
      payload: 'optout=1&g-recaptcha-response=',
    }),
  ]) {
    assert.equal(res.statusCode, 301);
    assert.equal(res.headers.location, 'https://pbs.test/static/optout.html');
    assert.equal(res.headers['set-cookie'], undefined);
  }
  await app.close();
});

test('the page is served with the site key filled in and escaped', async () => {
  const app = await optoutApp();
  const res = await app.inject({ method: 'GET', url: '/static/optout.html' });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^text\/html/);
  assert.match(res.body, /data-sitekey="SITE&quot;KEY"/);
  assert.match(res.body, /<form action="\.\.\/optout" method="POST">/);
  assert.doesNotMatch(res.body, /\{\{RECAPTCHA_SITE_KEY\}\}/);
  assert.equal(renderOptoutPage('a {{RECAPTCHA_SITE_KEY}} b', '<k>'), 'a &lt;k&gt; b');
  await app.close();
});

test('verifier says false → 401 and the cookie is left alone; secret and response were sent', async () => {
  const v = await startVerifier(json(200, { success: false, 'error-codes': ['invalid-input-response'] }));
  const app = await optoutApp({ 'recaptcha-url': v.url });
  const res = await app.inject({
    method: 'POST',
    url: '/optout',
    headers: { ...FORM, cookie: `uids=${twoUids}` },
    payload: 'optout=1&g-recaptcha-response=TOKEN%2B1',
  });
  assert.equal(res.statusCode, 401);
  assert.equal(res.headers['set-cookie'], undefined);
  assert.equal(v.seen.length, 1);
  assert.equal(v.seen[0]?.get('secret'), 'S3CRET');
  assert.equal(v.seen[0]?.get('response'), 'TOKEN+1');
  await app.close();
  await v.close();
});

test('verifier answers non-200 or not JSON → 401', async () => {
  for (const answer of [json(500, { success: true }), (res: ServerResponse) => res.end('<html>')]) {
    const v = await startVerifier(answer);
    const app = await optoutApp({ 'recaptcha-url': v.url });
    const res = await app.inject({ method: 'GET', url: '/optout?g-recaptcha-response=t&optout=1' });
    assert.equal(res.statusCode, 401);
    await app.close();
    await v.close();
  }
});

test('verifier unreachable or slower than timeout-ms → 401', async () => {
  const gone = await startVerifier(json(200, { success: true }));
  await gone.close(); // nothing listens on this port any more
  const silent = await startVerifier(() => {}); // never answers
  for (const url of [gone.url, silent.url]) {
    const app = await optoutApp({ 'recaptcha-url': url, 'timeout-ms': 50 });
    const res = await app.inject({ method: 'GET', url: '/optout?g-recaptcha-response=t&optout=1' });
    assert.equal(res.statusCode, 401, url);
    assert.equal(res.headers['set-cookie'], undefined);
    await app.close();
  }
  const check = (url: string) => createRecaptchaVerifier({ url, secret: 's', timeoutMs: 50 })('t');
  assert.deepEqual(await check(gone.url), {
    ok: false,
    reason: `connect ECONNREFUSED ${gone.url.slice(7, -11)}`,
  });
  const slow = await check(silent.url);
  assert.ok(!slow.ok && /timeout/i.test(slow.reason));
  await silent.close();
});

test('opt out (POST form): every uid dropped, optout set, setuid attributes, 301 to opt-out-url', async () => {
  const v = await startVerifier(json(200, { success: true }));
  const app = await optoutApp({ 'recaptcha-url': v.url });
  const res = await app.inject({
    method: 'POST',
    url: '/optout',
    headers: { ...FORM, cookie: `uids=${twoUids}` },
    payload: 'optout=1&g-recaptcha-response=TOKEN',
  });
  assert.equal(res.statusCode, 301);
  assert.equal(res.headers.location, 'https://host.test/optedout');
  assert.match(
    String(res.headers['set-cookie']),
    /^uids=[^;]+; Path=\/; Domain=pbs\.test; Max-Age=7776000; Expires=[^;]+; SameSite=None; Secure$/,
  );
  const written = decodeUidsCookie(setUids(res));
  assert.equal(written.optout, true);
  assert.equal(written.uids.size, 0);
  await app.close();
  await v.close();
});

test('opt in (GET query, no optout): optout cleared, uids kept, 301 to opt-in-url; empty URL → 204', async () => {
  const v = await startVerifier(json(200, { success: true }));
  const optedOut = encodeUidsCookie({ uids: new Map(), optout: true });
  const app = await optoutApp({ 'recaptcha-url': v.url });
  const res = await app.inject({
    method: 'GET',
    url: '/optout?g-recaptcha-response=TOKEN',
    headers: { cookie: `uids=${optedOut}` },
  });
  assert.equal(res.statusCode, 301);
  assert.equal(res.headers.location, 'https://host.test/optedin');
  assert.equal(decodeUidsCookie(setUids(res)).optout, false);

  const kept = await app.inject({
    method: 'POST',
    url: '/optout?optout=',
    headers: { ...FORM, cookie: `uids=${twoUids}` },
    payload: 'g-recaptcha-response=TOKEN',
  });
  assert.deepEqual([...decodeUidsCookie(setUids(kept)).uids.keys()], ['adnxs', 'rubicon']);
  await app.close();

  const bare = await optoutApp({ 'recaptcha-url': v.url, 'opt-out-url': '' });
  const none = await bare.inject({ method: 'GET', url: '/optout?g-recaptcha-response=T&optout=yes' });
  assert.equal(none.statusCode, 204);
  assert.equal(decodeUidsCookie(setUids(none)).optout, true);
  await bare.close();
  await v.close();
});
