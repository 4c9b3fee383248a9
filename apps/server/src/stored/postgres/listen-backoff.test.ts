// The LISTEN connection's reconnect backoff (docs/operations.md "Back-end outages"): behind a
// loopback proxy that drops every connection, the delays grow 1 s, 2 s, 4 s … up to 30 s; when the
// database is back, the next attempt LISTENs again, marks every kind stale (notifications were
// lost), receives NOTIFY, and a later loss starts again from 1 s. The reconnect timers are injected:
// the test fires each one itself, so no real second is waited.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createLogger } from '@gavel/common';
import type { StoredKind } from '../types.js';
import { migrate, quoteIdent } from './migrate.js';
import { NOTIFY_CHANNEL } from './migrations.js';
import { createPostgresSource, type ListenTimers } from './postgres-source.js';
import {
  PG_URL,
  pgSkipReason,
  startPgProxy,
  uniqueSchema,
  waitFor,
  type PgProxy,
} from './pg-test-helpers.js';

const skip = await pgSkipReason();
const schema = uniqueSchema('backoff');
let admin: pg.Client | undefined;
let proxy: PgProxy | undefined;

before(async () => {
  if (skip) return;
  admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await migrate(admin, schema);
  proxy = await startPgProxy();
});

after(async () => {
  await proxy?.close();
  if (admin) {
    await admin.query(`DROP SCHEMA ${quoteIdent(schema)} CASCADE`);
    await admin.end();
  }
});

/** Reconnect timers the test fires by hand; `delays` lists what the source asked for, in order. */
function manualTimers() {
  const delays: number[] = [];
  const pending = new Map<number, () => void>();
  let next = 0;
  const timers: ListenTimers = {
    set(reconnect, delayMs) {
      delays.push(delayMs);
      pending.set(++next, reconnect);
      return next;
    },
    clear: (handle) => void pending.delete(handle as number),
  };
  const fire = () => {
    assert.equal(pending.size, 1, 'one reconnect is scheduled');
    const [[handle, reconnect]] = [...pending] as [[number, () => void]];
    pending.delete(handle);
    reconnect();
  };
  return { timers, delays, fire };
}

test('LISTEN reconnects back off 1 s → 30 s while the database is away, then recover', { skip }, async () => {
  const { timers, delays, fire } = manualTimers();
  const changes: [StoredKind, readonly string[] | undefined][] = [];
  proxy!.cut();
  const source = createPostgresSource({
    connectionString: proxy!.url,
    schema,
    poolSize: 1,
    queryTimeoutMs: 1000,
    refreshIntervalMs: 0,
    listen: true,
    onChange: (kind, ids) => changes.push([kind, ids]),
    logger: createLogger({ level: 'silent', name: 'listen-backoff' }),
    listenTimers: timers,
  });
  try {
    const expected = [1000, 2000, 4000, 8000, 16000, 30000, 30000];
    await waitFor(() => delays.length === 1);
    for (let i = 1; i < expected.length; i++) {
      fire();
      await waitFor(() => delays.length === i + 1);
    }
    assert.deepEqual(delays, expected);
    assert.equal(changes.length, 0, 'nothing is invalidated while the database is away');

    proxy!.restore();
    fire();
    // Back: every kind is stale at once (NOTIFYs sent meanwhile were lost) ...
    await waitFor(() => changes.some(([, ids]) => ids === undefined));
    assert.ok(changes.every(([, ids]) => ids === undefined));
    assert.ok(changes.some(([kind]) => kind === 'request'));
    // ... and NOTIFY reaches the source again.
    changes.length = 0;
    await admin!.query(`SELECT pg_notify($1, $2)`, [NOTIFY_CHANNEL, 'stored_requests:after-recovery']);
    await waitFor(() => changes.some(([, ids]) => ids?.[0] === 'after-recovery'));
    assert.deepEqual(delays, expected, 'no reconnect while connected');

    // A later loss starts the backoff again from 1 s.
    proxy!.cut();
    await waitFor(() => delays.length === expected.length + 1);
    assert.equal(delays.at(-1), 1000);
  } finally {
    await source.close?.();
  }
});
