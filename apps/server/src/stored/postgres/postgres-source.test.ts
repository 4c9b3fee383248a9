import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createLogger } from '@gavel/common';
import { migrate, quoteIdent } from './migrate.js';
import { createPostgresSource, type PostgresSourceOptions } from './postgres-source.js';
import { PG_URL, pgSkipReason, startPgProxy, uniqueSchema, waitFor } from './pg-test-helpers.js';
import type { StoredKind } from '../types.js';
import { createStoredData } from '../create-stored-data.js';
import { testConfig } from '../../../test/harness.js';

const skip = await pgSkipReason();
const schema = uniqueSchema('src');
const s = quoteIdent(schema);
let admin: pg.Client;
const logger = createLogger({ level: 'silent', name: 'test' });

function options(over: Partial<PostgresSourceOptions> = {}): PostgresSourceOptions {
  return {
    connectionString: PG_URL,
    schema,
    poolSize: 4,
    queryTimeoutMs: 1000,
    refreshIntervalMs: 0,
    listen: false,
    onChange: () => {},
    logger,
    ...over,
  };
}

before(async () => {
  if (skip) return;
  admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  assert.deepEqual(await migrate(admin, schema), ['001-stored-tables']);
  assert.deepEqual(await migrate(admin, schema), [], 'migrations run once');
  await admin.query(
    `INSERT INTO ${s}.stored_requests (id, data) VALUES ('r1', '{"id":"one"}'), ('r2', '{"id":"two"}'), ('bad', '{"id": }')`,
  );
  await admin.query(`INSERT INTO ${s}.stored_imps (id, data) VALUES ('i1', '{"id":"imp"}')`);
  await admin.query(
    `INSERT INTO ${s}.stored_responses (id, data) VALUES ('resp', '[{"seat":"a","bid":[]}]')`,
  );
  await admin.query(`INSERT INTO ${s}.accounts (id, data) VALUES ('acc', '{"disabled":true}')`);
});

after(async () => {
  if (skip) return;
  await admin.query(`DROP SCHEMA ${s} CASCADE`);
  await admin.end();
});

test(
  'fetches many ids of a kind in one query: found, not found, broken JSON, raw responses',
  { skip },
  async () => {
    const source = createPostgresSource(options());
    try {
      const r = await source.fetch('request', ['r1', 'r2', 'nope', 'bad', 'r1']);
      assert.deepEqual(Object.fromEntries(r.found), { r1: { id: 'one' }, r2: { id: 'two' } });
      assert.deepEqual(r.errors.map((e) => [e.id, e.reason]).sort(), [
        ['bad', 'invalid-json'],
        ['nope', 'not-found'],
      ]);
      assert.deepEqual((await source.fetch('amp-request', ['r2'])).found.get('r2'), { id: 'two' });
      assert.deepEqual((await source.fetch('imp', ['i1'])).found.get('i1'), { id: 'imp' });
      assert.equal((await source.fetch('response', ['resp'])).found.get('resp'), '[{"seat":"a","bid":[]}]');
      assert.deepEqual((await source.fetch('account', ['acc'])).found.get('acc'), { disabled: true });
    } finally {
      await source.close?.();
    }
  },
);

test(
  'LISTEN/NOTIFY: a changed row invalidates its id (requests also as AMP requests)',
  { skip },
  async () => {
    const seen: [StoredKind, string][] = [];
    const source = createPostgresSource(
      options({ listen: true, onChange: (kind, ids) => ids?.forEach((id) => seen.push([kind, id])) }),
    );
    try {
      // The LISTEN connection is asynchronous: keep touching the row until a notification arrives.
      await waitFor(() => {
        void admin.query(`UPDATE ${s}.stored_requests SET data = '{"id":"one"}' WHERE id = 'r1'`);
        return seen.length > 0;
      });
      assert.ok(seen.some(([k, id]) => k === 'request' && id === 'r1'));
      assert.ok(seen.some(([k, id]) => k === 'amp-request' && id === 'r1'));
      seen.length = 0;
      await admin.query(`DELETE FROM ${s}.stored_imps WHERE id = 'i1'`);
      await waitFor(() => seen.some(([k, id]) => k === 'imp' && id === 'i1'));
    } finally {
      await source.close?.();
      await admin.query(
        `INSERT INTO ${s}.stored_imps (id, data) VALUES ('i1', '{"id":"imp"}') ON CONFLICT DO NOTHING`,
      );
    }
  },
);

test('periodic refresh: rows updated since the last poll are invalidated', { skip }, async () => {
  const seen: string[] = [];
  let flushed = false;
  const source = createPostgresSource(
    options({
      refreshIntervalMs: 30,
      onChange: (kind, ids) => {
        if (ids === undefined) flushed = true;
        ids?.forEach((id) => seen.push(`${kind}:${id}`));
      },
    }),
  );
  try {
    // The first poll only records the high-water mark, then flushes every kind (ids undefined):
    // an update before it would become the mark itself, so wait for it, however busy the machine.
    await waitFor(() => flushed);
    assert.equal(seen.length, 0);
    await admin.query(`UPDATE ${s}.accounts SET data = '{"disabled":false}' WHERE id = 'acc'`);
    await waitFor(() => seen.includes('account:acc'), 15_000); // polls every 30 ms, however slow
    assert.deepEqual(seen, ['account:acc']);
  } finally {
    await source.close?.();
  }
});

test(
  'the database going away: lookups fail as unavailable, then recover when it comes back',
  { skip },
  async () => {
    const proxy = await startPgProxy();
    const changes: string[] = [];
    const source = createPostgresSource(
      options({
        connectionString: proxy.url,
        queryTimeoutMs: 500,
        listen: true,
        onChange: (kind, ids) => changes.push(`${kind}:${ids === undefined ? '*' : ids.join(',')}`),
      }),
    );
    try {
      assert.equal((await source.fetch('request', ['r1'])).found.size, 1);
      proxy.cut();
      const down = await source.fetch('request', ['r1', 'r2']);
      assert.equal(down.found.size, 0);
      assert.deepEqual(
        down.errors.map((e) => e.reason),
        ['unavailable', 'unavailable'],
      );
      assert.match(down.errors[0]?.detail ?? '', /^PostgreSQL: /);
      proxy.restore();
      await waitFor(() => changes.includes('request:*'), 8000); // LISTEN reconnected: caches flushed
      let back = await source.fetch('request', ['r1']);
      if (back.found.size === 0) back = await source.fetch('request', ['r1']); // a pooled socket may die late
      assert.deepEqual(back.found.get('r1'), { id: 'one' });
    } finally {
      await source.close?.();
      await proxy.close();
    }
  },
);

test(
  'negative cache end to end: a new row is seen at once with NOTIFY, and after the poll with refresh',
  { skip },
  async () => {
    for (const [feed, id] of [
      [{ listen: true }, 'late-listen'],
      [{ 'refresh-interval-ms': 30 }, 'late-poll'],
    ] as const) {
      const settings = testConfig({
        settings: {
          files: { enabled: false },
          postgres: { enabled: true, 'connection-string': PG_URL, schema, ...feed },
          cache: { 'not-found-ttl-ms': 600_000 },
        },
      }).settings;
      const stored = createStoredData(settings, { logger });
      try {
        await new Promise((r) => setTimeout(r, 100)); // LISTEN connected / first poll done
        assert.equal((await stored.fetch('account', [id])).found.size, 0);
        // A first poll that comes late flushes the cache (postgres-source.ts): look the miss up again.
        const cachedBy = Date.now() + 5000;
        while (stored.stats().negativeSize !== 1 && Date.now() < cachedBy) {
          await new Promise((r) => setTimeout(r, 50));
          assert.equal((await stored.fetch('account', [id])).found.size, 0);
        }
        assert.equal(stored.stats().negativeSize, 1, `${id}: the miss is cached`);
        await admin.query(`INSERT INTO ${s}.accounts (id, data) VALUES ($1, '{}')`, [id]);
        // With a 10-minute negative TTL only the change feed can make the new row visible. On a
        // busy machine LISTEN may connect after the insert's NOTIFY: the row is touched again
        // every 500 ms, which notifies again (and moves updated_at for the poll).
        const end = Date.now() + 15_000;
        let touched = Date.now();
        while (!(await stored.fetch('account', [id])).found.has(id)) {
          assert.ok(Date.now() < end, `${id}: the new row never became visible`);
          await new Promise((r) => setTimeout(r, 20));
          if (Date.now() - touched < 500) continue;
          touched = Date.now();
          await admin.query(`UPDATE ${s}.accounts SET data = '{}' WHERE id = $1`, [id]);
        }
      } finally {
        await stored.close();
      }
    }
  },
);
