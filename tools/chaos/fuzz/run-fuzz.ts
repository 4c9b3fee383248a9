// Scenario 1: property-based fuzzing of every public endpoint of both services, in process through
// Fastify's inject, from valid requests mutated by fast-check. Holds: no crash, no 5xx, no hang,
// every 4xx with a message; 4xx messages that do not name the mutated field are listed (known gap).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '@gavel/server';
import { buildCache, buildServer, closeApp, closeServer, httpServer } from '../apps.js';
import type { Table } from '../table.js';
import type { FuzzCase } from './mutate.js';
import { allTargets, baselineCases } from './targets.js';
import { classify, Findings, type Finding, type Kind } from './verdicts.js';
import { KNOWN_FUZZ_GAPS, knownGapOf } from './known-gaps.js';

export interface FuzzOptions {
  cases: number;
  seed: number;
  table: Table;
  log: (line: string) => void;
}

type Transport = NonNullable<ServerDeps['transport']>;

/** Bidder `alpha` bids 1.5 on imp[0] of whatever it is sent, at once. */
const bidTransport: Transport = {
  async send(req) {
    let body: { id?: unknown; imp?: { id?: unknown }[] } = {};
    try {
      body = JSON.parse(req.body ?? '{}') as typeof body;
    } catch {
      /* an adapter may send anything */
    }
    const bid = {
      id: 'b1',
      impid: body.imp?.[0]?.id ?? 'x',
      price: 1.5,
      w: 300,
      h: 250,
      crid: 'c',
      adm: '<div/>',
    };
    const text = JSON.stringify({ id: body.id ?? 'x', cur: 'USD', seatbid: [{ bid: [bid] }] });
    return { kind: 'response', response: { status: 200, headers: {}, body: text } };
  },
  async close() {},
};

/** The cache call answers one uuid per put. */
const cacheTransport = async (body: string) => {
  const n = (JSON.parse(body) as { puts: unknown[] }).puts.length;
  return {
    status: 200,
    body: JSON.stringify({ responses: Array.from({ length: n }, () => ({ uuid: randomUUID() })) }),
  };
};

const INJECT_LIMIT_MS = 10_000;

async function send(app: FastifyInstance, c: FuzzCase): Promise<{ status: number; body: string } | 'hang'> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), INJECT_LIMIT_MS)));
  const res = app
    .inject(
      Object.assign(
        { method: c.method, url: c.url, headers: c.headers },
        c.payload !== undefined ? { payload: c.payload } : {},
      ),
    )
    .then((r) => ({ status: r.statusCode, body: r.body }));
  try {
    return await Promise.race([res, hang]);
  } finally {
    clearTimeout(timer);
  }
}

async function runTarget(o: {
  app: FastifyInstance;
  arb: fc.Arbitrary<FuzzCase>;
  runs: number;
  seed: number;
  findings: Findings;
  crashes: string[];
}) {
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(o.arb, async (c) => {
      const before = o.crashes.length;
      let r: Awaited<ReturnType<typeof send>>;
      try {
        r = await send(o.app, c);
      } catch (err) {
        o.findings.add('crash', c, 0, `inject rejected: ${(err as Error).message}`);
        return true;
      }
      if (r === 'hang') {
        o.findings.add('hang', c, 0, `no answer within ${INJECT_LIMIT_MS} ms`);
        return true;
      }
      if (o.crashes.length > before) o.findings.add('crash', c, r.status, o.crashes.slice(before).join('; '));
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      const kind = classify(c, r.status, r.body);
      if (kind) o.findings.add(kind, c, r.status, r.body);
      return true;
    }),
    { numRuns: o.runs, seed: o.seed },
  );
  return statuses;
}

/** Builds both services in process, checks the valid requests, then fuzzes every target. */
export async function runFuzz(o: FuzzOptions): Promise<Findings> {
  const verifier = await httpServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'),
  );
  const server = await buildServer(
    {
      bidders: {
        alpha: {
          endpoint: 'http://alpha.test/bid',
          capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
        },
      },
      cache: { host: '127.0.0.1:9' },
      settings: { 'default-account': { 'events-enabled': true } },
      'user-sync': { optout: { 'recaptcha-secret': 'chaos', 'recaptcha-url': `${verifier.url}/verify` } },
    },
    { transport: bidTransport, cacheTransport },
  );
  const cache = await buildCache({ 'request-limits': { 'max-size-bytes': 200_000 } });
  const crashes: string[] = [];
  const onCrash = (err: unknown) =>
    crashes.push(`uncaught: ${(err as Error)?.stack?.split('\n').slice(0, 3).join(' ') ?? String(err)}`);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  const findings = new Findings();
  try {
    const put = await cache.publicApp.inject({
      method: 'POST',
      url: '/cache',
      payload: { puts: [{ type: 'json', value: { a: 1 } }] },
    });
    const uuid = put.json<{ responses: { uuid: string }[] }>().responses[0]?.uuid ?? randomUUID();
    await checkBaseline(o, { server: server.publicApp, cache: cache.publicApp }, uuid);
    const targets = allTargets(uuid);
    const totalWeight = targets.reduce((a, t) => a + t.weight, 0);
    const started = performance.now();
    let tried = 0;
    for (const [i, t] of targets.entries()) {
      const runs = Math.max(1, Math.round((o.cases * t.weight) / totalWeight));
      const app = t.service === 'server' ? server.publicApp : cache.publicApp;
      const statuses = await runTarget({ app, arb: t.arb, runs, seed: o.seed + i, findings, crashes });
      tried += runs;
      o.log(
        `  fuzz ${t.name}: ${runs} cases, statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`,
      );
    }
    addFuzzRows(o.table, { findings, tried, seconds: (performance.now() - started) / 1000, seed: o.seed });
  } finally {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await closeApp(server);
    await closeApp(cache);
    await closeServer(verifier.server);
  }
  return findings;
}

async function checkBaseline(
  o: FuzzOptions,
  apps: { server: FastifyInstance; cache: FastifyInstance },
  uuid: string,
) {
  const bad: string[] = [];
  const cases = baselineCases(uuid);
  for (const c of cases) {
    const app = c.target.startsWith('cache:') ? apps.cache : apps.server;
    const r = await send(app, c);
    if (r === 'hang' || r.status >= 300)
      bad.push(`${c.target} → ${r === 'hang' ? 'hang' : `${r.status} ${r.body.slice(0, 120)}`}`);
  }
  o.table.check({
    scenario: 'fuzz: valid requests',
    tried: `${cases.length} endpoints`,
    ok: bad.length === 0,
    notes: bad.length === 0 ? 'every unmutated starting request answered 2xx' : bad.join('; '),
  });
}

function describe(list: readonly Finding[]): string {
  return list
    .slice(0, 4)
    .map(
      (x) =>
        `${x.target} ${x.status} "${x.signature.slice(0, 60)}" ×${x.count} (${x.example.mutation.slice(0, 60)})`,
    )
    .join('; ');
}

function addFuzzRows(table: Table, r: { findings: Findings; tried: number; seconds: number; seed: number }) {
  const f = r.findings;
  const tried = `${r.tried} cases`;
  const fresh = (kind: Kind) => f.list(kind).filter((x) => !knownGapOf(x));
  const count = (list: Finding[]) => list.reduce((a, x) => a + x.count, 0);
  const seed = `seed ${r.seed}, ${r.seconds.toFixed(0)} s`;
  const crashes = fresh('crash');
  table.check({
    scenario: 'fuzz: no crash',
    tried,
    ok: crashes.length === 0,
    notes: crashes.length === 0 ? seed : describe(crashes),
  });
  const fivexx = fresh('5xx');
  table.check({
    scenario: 'fuzz: no 5xx',
    tried,
    ok: fivexx.length === 0,
    notes:
      fivexx.length === 0
        ? '0 answers ≥ 500 outside the known gaps below'
        : `${count(fivexx)} answers ≥ 500: ${describe(fivexx)}`,
  });
  for (const g of KNOWN_FUZZ_GAPS) {
    const hits = f.list(g.kind).filter((x) => knownGapOf(x) === g);
    table.gap({
      scenario: `fuzz: ${g.target} (${g.id})`,
      tried,
      ok: hits.length === 0,
      notes:
        hits.length === 0
          ? 'not hit in this run'
          : `${count(hits)} × ${hits[0]?.status}: ${g.where}; e.g. ${hits[0]?.example.mutation.slice(0, 80)}`,
    });
  }
  const hangs = f.list('hang');
  table.check({
    scenario: 'fuzz: no hang (10 s)',
    tried,
    ok: hangs.length === 0,
    notes: hangs.length === 0 ? 'every case answered' : describe(hangs),
  });
  const empty = f.list('4xx-empty');
  table.check({
    scenario: 'fuzz: 4xx has a message',
    tried,
    ok: empty.length === 0,
    notes: empty.length === 0 ? 'no empty 4xx body (404/451 aside)' : describe(empty),
  });
  const unnamed = f.list('4xx-unnamed');
  table.check({
    scenario: 'fuzz: 4xx names the field',
    tried,
    ok: unnamed.length === 0,
    notes:
      unnamed.length === 0
        ? 'every 4xx message names the mutated key or parameter'
        : `${count(unnamed)} 4xx messages (${unnamed.length} distinct) do not name the mutated key or its parent: ${describe(unnamed)}`,
  });
}
