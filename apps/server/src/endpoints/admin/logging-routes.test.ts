// Issue 23 in one process (workers = 0: actions apply locally): the log controls' 400s name the
// bad parameter, a change expires, and answers are gzipped only for clients that ask.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { buildTestApp, testConfig } from '../../../test/harness.js';

test('/logging/changelevel and /logging/httpinteraction: 400 naming the parameter', async () => {
  const app = await buildTestApp(testConfig({ 'admin-actions': { 'changelevel-max-duration-ms': 1000 } }));
  try {
    const get = async (url: string) => {
      const res = await app.adminApp.inject({ method: 'GET', url });
      return `${res.statusCode} ${res.body.trim()}`;
    };
    assert.equal(await get('/logging/changelevel?duration=10'), "400 Missing required parameter 'level'");
    assert.match(
      await get('/logging/changelevel?level=loud&duration=10'),
      /^400 Invalid 'level' parameter value, allowed values/,
    );
    assert.equal(
      await get('/logging/changelevel?level=debug&duration=x'),
      "400 Invalid 'duration' parameter value",
    );
    assert.equal(
      await get('/logging/changelevel?level=debug&duration=5000'),
      "400 Parameter 'duration' must be between 1 and 1000",
    );
    assert.equal(await get('/logging/httpinteraction?bidder=a'), "400 Missing required parameter 'limit'");
    assert.match(
      await get('/logging/httpinteraction?endpoint=x&limit=1'),
      /^400 Invalid 'endpoint' parameter value/,
    );
    assert.match(await get('/logging/changelevel?level=debug&duration=50'), /^200 /);
    assert.match(await get('/logging/httpinteraction?bidder=a&limit=2'), /^200 /);
    const pub = await app.publicApp.inject({
      method: 'GET',
      url: '/logging/changelevel?level=debug&duration=5',
    });
    assert.equal(pub.statusCode, 404, 'admin port only');
  } finally {
    await app.closeResources();
  }
});

test('answers are gzipped for Accept-Encoding: gzip only', async () => {
  const app = await buildTestApp(testConfig({ compression: { response: { 'min-bytes': 10 } } }));
  try {
    const plain = await app.publicApp.inject({ method: 'GET', url: '/info/bidders' });
    assert.equal(plain.headers['content-encoding'], undefined);
    const zipped = await app.publicApp.inject({
      method: 'GET',
      url: '/info/bidders',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.match(String(zipped.headers['vary']), /Accept-Encoding/);
    assert.equal(gunzipSync(zipped.rawPayload).toString(), plain.body);
    const refused = await app.publicApp.inject({
      method: 'GET',
      url: '/info/bidders',
      headers: { 'accept-encoding': 'gzip;q=0' },
    });
    assert.equal(refused.headers['content-encoding'], undefined);
  } finally {
    await app.closeResources();
  }
});
