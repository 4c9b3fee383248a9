// Issue 23: a PostgreSQL outage (a loopback proxy cut in front of the real database) answers a
// clear 503 naming the back-end, never pg's own text; the service recovers when it comes back.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { buildTestApp, testConfig } from '../../../test/harness.js';
import { migrate, quoteIdent } from './migrate.js';
import { PG_URL, pgSkipReason, startPgProxy, uniqueSchema, type PgProxy } from './pg-test-helpers.js';

const skip = await pgSkipReason();
const schema = uniqueSchema('outage');
let admin: pg.Client | undefined;
let proxy: PgProxy | undefined;

before(async () => {
  if (skip) return;
  admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await migrate(admin, schema);
  const doc = { id: 'r', site: { page: 'https://p.example/' }, imp: [{ id: 'i', banner: { w: 1, h: 1 } }] };
  await admin.query(`INSERT INTO ${quoteIdent(schema)}.stored_requests (id, data) VALUES ($1, $2)`, [
    'sr',
    JSON.stringify(doc),
  ]);
  proxy = await startPgProxy();
});

after(async () => {
  await proxy?.close();
  if (admin) {
    await admin.query(`DROP SCHEMA ${quoteIdent(schema)} CASCADE`);
    await admin.end();
  }
});

test(
  'PostgreSQL down → 503 "stored data back-end (postgres) unavailable"; back → as before',
  { skip },
  async () => {
    const config = testConfig({
      settings: {
        'timeout-ms': 1000,
        cache: { 'max-entries': 0 },
        files: { enabled: false },
        postgres: { enabled: true, 'connection-string': proxy!.url, schema, listen: true },
      },
    });
    const app = await buildTestApp(config);
    const auction = () =>
      app.publicApp.inject({
        method: 'POST',
        url: '/openrtb2/auction',
        payload: { id: 'x', ext: { core: { storedrequest: { id: 'sr' } } } },
      });
    const amp = () => app.publicApp.inject({ method: 'GET', url: '/openrtb2/amp?tag_id=sr' });
    try {
      // Up: the stored request is read (the bidder-less request is then a plain 400 of validation).
      const up = await auction();
      assert.notEqual(up.statusCode, 503, up.body);
      proxy!.cut();
      for (const res of [await auction(), await amp()]) {
        assert.equal(res.statusCode, 503, res.body);
        // (the auction endpoint prefixes its error lines with `Invalid request: `)
        assert.match(res.body, /^(Invalid request: )?stored data back-end \(postgres\) unavailable\n$/);
        assert.doesNotMatch(res.body, /ECONN|terminated|timeout|PostgreSQL/);
      }
      proxy!.restore();
      const back = await auction();
      assert.equal(back.statusCode, up.statusCode, back.body);
      assert.equal(back.body, up.body);
    } finally {
      await app.closeResources();
    }
  },
);
