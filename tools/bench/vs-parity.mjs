// `node tools/bench/vs-parity.mjs [--runs 3] [--duration 10] [--warmup 5] [--shared DIR] [--only K=3,K=8,light]
// [--alternate N --window S] [--parts floors,multibid,bidadjustmentfactors,bidadjustments]`:
// issue 22's last line — "every feature of the parity issues enabled in the body still within 10%" —
// measured the shared yardstick's way. The yardstick's own `vs` group always posts its fixed body, so
// this runs the same three scenarios with the yardstick's own programs, read from ../shared/bench
// (its mock bidders, bare fan-out proxy, wrk script and request fixture; nothing copied here) and the
// same pinning (server on cpu 1, mocks and wrk on cpu 0), twice over: with the yardstick's body, and
// with that body plus a 50-rule floors model (enforced), multibid, bid adjustment factors and
// bid adjustment rules. Runs interleave (bare, gavel; plain body, parity body) and the figures are
// medians. Needs what ../shared/bench/setup.sh installs (wrk; undici in /tmp/benchdeps, or NODE_PATH).
// `--alternate N [--window S]`: instead of a fresh process per run, both servers stay up and take
// N rounds of S-second windows in turn (the machine's slow phases then fall on both alike).
// `--parts`: only these of the parity body's blocks (request.mjs PARITY_PARTS; default all), to see
// what one feature costs (floors switched on for the account stays as it is, for both bodies).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PARITY_PARTS, withParity } from './request.mjs';
import {
  cpuMs,
  stopProc,
  waitPort,
  yardstickArgs,
  yardstickFixtures,
  yardstickGavelConfig,
  yardstickProcs,
  scratchDir,
  PARITY_FLOORS,
} from './yardstick-procs.mjs';

const { flag, root, shared: SHARED, warmup: WARMUP, duration: DURATION } = yardstickArgs();
const RUNS = Number(flag('--runs', 3));
const ONLY = flag('--only', 'K=3,K=8,light').split(',');
const ALTERNATE = Number(flag('--alternate', 0));
const WINDOW = Number(flag('--window', 3));
const PARTS = flag('--parts', PARITY_PARTS.join(',')).split(',').filter(Boolean);
const SERVER_CPU = '1';
const AUX_CPU = '0';
const F = yardstickFixtures(SHARED);
const tmp = scratchDir('gavel-vs-parity-');
const { start, wrk } = yardstickProcs({ shared: SHARED, auxCpu: AUX_CPU });

function bodyFile(K, parity) {
  const body = F.bidRequest(undefined, { bidders: K });
  const file = join(tmp, `ortb-k${K}${parity ? '-parity' : ''}.json`);
  writeFileSync(file, JSON.stringify(parity ? withParity(body, F.BIDDERS.slice(0, K), PARTS) : body));
  return file;
}

/** The yardstick's Gavel config (run.js gavelConfig), floors switched on for every account. */
function gavelConfig(K) {
  const file = join(tmp, `gavel-k${K}.json`);
  const config = { ...yardstickGavelConfig(8085, F.BIDDERS.slice(0, K)), 'price-floors': PARITY_FLOORS };
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** Starts one server of the comparison (bare on 8083, Gavel on 8085) and waits for its port. */
async function startServer(sc, server) {
  const [script, env, extra, port] =
    server === 'bare'
      ? ['srv-fanout.js', { PORT: '8083', K: String(sc.K), CLIENT: 'pool', BASE_PORT: '9100' }, [], 8083]
      : [
          join(root, 'apps/server/dist/src/main.js'),
          { NODE_ENV: 'production' },
          ['--config', gavelConfig(sc.K)],
          8085,
        ];
  const proc = start(SERVER_CPU, [script, ...extra], env);
  await waitPort(port);
  return { proc, url: `http://127.0.0.1:${port}/openrtb2/auction` };
}

const wrkArgsOf = (sc, body) => (sc.think ? [body, String(sc.think)] : [body]);

/** One measured window of a running server: req/s per core of CPU, p99, CPU per request. */
async function measure(sc, srv, body, seconds) {
  const c0 = cpuMs(srv.proc.pid);
  const w = await wrk(srv.url, wrkArgsOf(sc, body), sc.conns, seconds);
  const perReq = (cpuMs(srv.proc.pid) - c0) / w.requests;
  const errors = w.err_connect + w.err_read + w.err_write + w.err_status + w.err_timeout;
  return {
    perCore: 1000 / perReq,
    cpuMs: perReq,
    p99: w.p99_us / 1000,
    addedP99: w.p99_us / 1000 - sc.delay,
    errors,
  };
}

/** One measured run of one server on one body: a fresh process, warmed up, then measured. */
async function run(sc, server, body) {
  const srv = await startServer(sc, server);
  try {
    await wrk(srv.url, wrkArgsOf(sc, body), sc.conns, WARMUP);
    await new Promise((r) => setTimeout(r, 300));
    return await measure(sc, srv, body, DURATION);
  } finally {
    await stopProc(srv.proc);
  }
}

/**
 * `--alternate N`: both servers up at once on the server core, each warmed up on both bodies, then
 * N rounds of WINDOW-second windows in turn (bare, gavel; plain body, parity body). This machine
 * has phases of tens of seconds in which every process runs up to twice as slowly; a run of its
 * own falls wholly inside or outside one, windows a few seconds apart fall in the same one.
 */
async function alternate(sc, bodies, got) {
  const servers = { bare: await startServer(sc, 'bare'), gavel: await startServer(sc, 'gavel') };
  try {
    for (const kind of ['plain', 'parity'])
      for (const server of ['bare', 'gavel'])
        await wrk(servers[server].url, wrkArgsOf(sc, bodies[kind]), sc.conns, WARMUP);
    for (let r = 0; r < ALTERNATE; r++) {
      for (const kind of ['plain', 'parity'])
        for (const server of ['bare', 'gavel'])
          got[kind][server].push(await measure(sc, servers[server], bodies[kind], WINDOW));
      const last = (kind, server) => got[kind][server].at(-1).cpuMs.toFixed(3);
      process.stderr.write(
        `  ${sc.id} round ${r + 1}/${ALTERNATE}: ms/req plain ${last('plain', 'bare')} / ${last('plain', 'gavel')}, ` +
          `parity ${last('parity', 'bare')} / ${last('parity', 'gavel')}\n`,
      );
    }
  } finally {
    await Promise.all([stopProc(servers.bare.proc), stopProc(servers.gavel.proc)]);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const SCENARIOS = [
  { id: 'K=3', K: 3, delay: 0, conns: 50 },
  { id: 'K=8', K: 8, delay: 0, conns: 50 },
  { id: 'light', K: 3, delay: 20, conns: 5, think: 20 },
].filter((s) => ONLY.includes(s.id));

const lines = [];
for (const sc of SCENARIOS) {
  const mock = start(AUX_CPU, ['mock-bidder.js'], {
    K: String(sc.K),
    DELAY_MS: String(sc.delay),
    BASE_PORT: '9100',
  });
  await waitPort(9100);
  const bodies = { plain: bodyFile(sc.K, false), parity: bodyFile(sc.K, true) };
  const got = { plain: { bare: [], gavel: [] }, parity: { bare: [], gavel: [] } };
  try {
    if (ALTERNATE > 0) await alternate(sc, bodies, got);
    else
      for (let r = 0; r < RUNS; r++) {
        for (const kind of ['plain', 'parity']) {
          for (const server of ['bare', 'gavel']) {
            const x = await run(sc, server, bodies[kind]);
            got[kind][server].push(x);
            process.stderr.write(
              `  ${sc.id} ${kind} ${server}: ${x.perCore.toFixed(0)}/core, ${x.cpuMs.toFixed(3)} ms/req, p99 ${x.p99.toFixed(1)} ms\n`,
            );
          }
        }
        process.stderr.write(`${sc.id}: run ${r + 1}/${RUNS} done\n`);
      }
  } finally {
    await stopProc(mock);
  }
  for (const kind of ['plain', 'parity'])
    lines.push(`${sc.id} ${kind.padEnd(6)} ${figuresOf(sc, got[kind])}`);
}

/**
 * A scenario's figures for one body. Runs: ratios of the medians. Alternating windows: medians of
 * each round's ratios (both servers' windows of a round fall in the same phase of the machine).
 */
function figuresOf(sc, got) {
  const m = (server, k) => median(got[server].map((x) => x[k]));
  const paired = (f) => median(got.gavel.map((g, i) => f(g, got.bare[i])));
  const ratio = (k) => (ALTERNATE > 0 ? paired((g, b) => g[k] / b[k]) : m('gavel', k) / m('bare', k));
  const added =
    ALTERNATE > 0
      ? paired((g, b) => g.addedP99 - b.addedP99)
      : m('gavel', 'addedP99') - m('bare', 'addedP99');
  const errors = got.bare.concat(got.gavel).reduce((s, x) => s + x.errors, 0);
  const figures =
    sc.id === 'light'
      ? `CPU ms/req bare ${m('bare', 'cpuMs').toFixed(3)} / gavel ${m('gavel', 'cpuMs').toFixed(3)} = ` +
        `${ratio('cpuMs').toFixed(2)}× (≤ 1.5×; ≤ 1.65× with parity); ` +
        `p99 added bare ${m('bare', 'addedP99').toFixed(2)} / gavel ${m('gavel', 'addedP99').toFixed(2)} ms ` +
        `(+${added.toFixed(2)}; ≤ +2 ms, ≤ +2.2 with parity)`
      : `per core bare ${m('bare', 'perCore').toFixed(0)} / gavel ${m('gavel', 'perCore').toFixed(0)} = ` +
        `${(100 * ratio('perCore')).toFixed(0)}%; p99 bare ` +
        `${m('bare', 'p99').toFixed(1)} / gavel ${m('gavel', 'p99').toFixed(1)} ms = ${ratio('p99').toFixed(2)}×`;
  return `${figures}${errors ? `; ${errors} errors` : ''}`;
}

const how =
  ALTERNATE > 0
    ? `${ALTERNATE} rounds of alternating ${WINDOW} s windows (both servers up, ${WARMUP} s warm-up each), medians of per-round ratios`
    : `${RUNS} interleaved runs of ${DURATION} s after ${WARMUP} s warm-up, medians`;
const partsNote = PARTS.length < PARITY_PARTS.length ? `; parity body with ${PARTS.join(', ')} only` : '';
process.stdout.write(
  `\nvs-parity: ${how}${partsNote} ` +
    `(targets: K=3 ≥ 65%, K=8 ≥ 60%, p99 ≤ 1.5×; with the parity body within 10%: ≥ 58.5%, ≥ 54%, ≤ 1.65×)\n`,
);
for (const l of lines) process.stdout.write(`${l}\n`);
