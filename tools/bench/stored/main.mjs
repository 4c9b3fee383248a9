// `npm run bench:stored`: time added by stored data to an auction request (issue 6: 5,000-row
// tables, 10 stored imps, once cached). Times resolveStored in-process against an inline request
// of the same content, rounds interleaved (baseline, ours, ...), and the cold PostgreSQL lookup.
// Needs PostgreSQL (GAVEL_TEST_PG_URL or postgres://postgres@127.0.0.1:5432/test).
import pg from 'pg';
import { createLogger, createSequentialIds } from '@gavel/common';
import { createStoredData } from '../../../apps/server/src/stored/create-stored-data.ts';
import { migrate, quoteIdent } from '../../../apps/server/src/stored/postgres/migrate.ts';
import { resolveStored } from '../../../apps/server/src/auction/steps/resolve-stored.ts';

const PG_URL = process.env.GAVEL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = 5000;
const IMPS = 10;
const ITER = 20000;
const ROUNDS = 5;
const schema = `gavel_bench_stored_${process.pid}`;

const imp = (i) => ({
  id: `imp-${i}`,
  banner: {
    format: [
      { w: 300, h: 250 },
      { w: 300, h: 600 },
    ],
  },
  tagid: `slot-${i}`,
  ext: {
    core: {
      bidder: { pubmatic: { publisherId: '156209', adSlot: `slot-${i}@300x250` }, ix: { siteId: String(i) } },
    },
  },
});
const storedRequest = (i) => ({
  id: '{{UUID}}',
  tmax: 800,
  site: { page: `https://pub${i}.example/page`, publisher: { id: `pub-${i}` } },
  ext: { core: { targeting: { pricegranularity: 'medium' }, cache: { bids: {} } } },
});

async function seed(client) {
  await migrate(client, schema);
  const s = quoteIdent(schema);
  for (const [table, make] of [
    ['stored_imps', imp],
    ['stored_requests', storedRequest],
  ]) {
    const ids = Array.from({ length: ROWS }, (_, i) => `id-${i}`);
    const data = ids.map((_, i) => JSON.stringify(make(i)));
    await client.query(`INSERT INTO ${s}.${table} (id, data) SELECT * FROM unnest($1::text[], $2::text[])`, [
      ids,
      data,
    ]);
  }
}

const pick = (round) => Array.from({ length: IMPS }, (_, k) => (round * 997 + k * 491) % ROWS);
function storedForm(ids, reqId) {
  return {
    imp: ids.map((i) => ({ ext: { core: { storedrequest: { id: `id-${i}` } } } })),
    ext: { core: { storedrequest: { id: `id-${reqId}` } } },
  };
}
function inlineForm(ids, reqId) {
  return { ...storedRequest(reqId), id: 'x', imp: ids.map(imp) };
}

function quantiles(samples) {
  const s = Float64Array.from(samples).sort();
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

async function time(fn, n) {
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    out[i] = Number(process.hrtime.bigint() - t0) / 1000; // µs
  }
  return out;
}

const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
const settings = {
  'generate-storedrequest-bidrequest-id': false,
  'timeout-ms': 1000,
  files: { enabled: false, dir: '' },
  postgres: {
    enabled: true,
    'connection-string': PG_URL,
    schema,
    'pool-size': 4,
    'refresh-interval-ms': 0,
    listen: false,
  },
  http: { enabled: false, endpoint: '' },
  cache: { 'max-entries': 50000, 'ttl-ms': 3_600_000 },
  'unknown-account': 'default',
  'default-account': {},
};
const store = createStoredData(settings, { logger: createLogger({ level: 'silent', name: 'bench' }) });
try {
  await seed(admin);
  const env = { ns: 'core', store, ids: createSequentialIds(), generateRequestId: false };
  const ids = pick(1);
  const stored = storedForm(ids, 42);
  const inline = inlineForm(ids, 42);
  const check = await resolveStored(stored, env);
  if (check.errors.length) throw new Error(check.errors.join('; '));

  // Cold: every lookup misses the cache and goes to PostgreSQL (2 queries: request + imps).
  const cold = await time(async () => {
    store.invalidate('imp');
    store.invalidate('request');
    await resolveStored(stored, env);
  }, 500);

  const base = [];
  const ours = [];
  for (let r = 0; r < ROUNDS; r++) {
    base.push(...(await time(() => resolveStored(inline, env), ITER)));
    ours.push(...(await time(() => resolveStored(stored, env), ITER)));
  }
  const b = quantiles(base);
  const o = quantiles(ours);
  const c = quantiles(cold);
  const f = (x) => `${x.toFixed(1)} µs`;
  console.log(
    `stored data bench: ${ROWS} stored requests + ${ROWS} stored imps in PostgreSQL, ${IMPS} stored imps per request`,
  );
  console.log(`  inline request (baseline)   p50 ${f(b.p50)}  p99 ${f(b.p99)}  (${base.length} runs)`);
  console.log(`  stored, cached              p50 ${f(o.p50)}  p99 ${f(o.p99)}  (${ours.length} runs)`);
  console.log(`  added by stored data        p50 ${f(o.p50 - b.p50)}  p99 ${f(o.p99 - b.p99)}`);
  console.log(`  stored, cold (PostgreSQL)   p50 ${f(c.p50)}  p99 ${f(c.p99)}  (${cold.length} runs)`);
  console.log(`  cache: ${JSON.stringify(store.stats())}`);
} finally {
  await store.close();
  await admin.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
  await admin.end();
}
