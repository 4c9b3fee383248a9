// `npm run bench [-- --duration S --warmup S --rounds N --connections N --only S1,S2,S3,F,M,W --soak SECONDS]`: the auction
// server (production build) beside a bare baseline in the same run (issue 8). Mock bidders, the
// cache service and this load generator share one core; each server under test gets the other.
import { availableParallelism } from 'node:os';
import { CLK_TCK, cpuTicks, machineTicks, peakRssMb, pinPid, pinPrefix, rssMb } from './proc.mjs';
import { startBaseline, startCache, startMockBidders, startServer, stop } from './processes.mjs';
import { buildRequest } from './request.mjs';
import { closeLoadPools, fixedRate, saturate } from './load.mjs';
import { fmt, formatTable, median, soakVerdict, verdicts, windowFigures } from './report.mjs';

const args = process.argv.slice(2);
const flag = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const DURATION = Number(flag('--duration', 10));
const WARMUP = Number(flag('--warmup', 3));
const ROUNDS = Number(flag('--rounds', 2));
const SOAK = Number(flag('--soak', 0));
const ONLY = flag('--only', 'S1,S2,S3,F,M,W').split(',');
// Few enough that queueing stays well under tmax on a busy shared machine (a timed-out bidder call
// costs a socket and skews CPU per auction).
const CONNECTIONS = Number(flag('--connections', 16));
const DELAY_S3 = 20;
const BASE_PORT = Number(flag('--port', 18700));

const cores = availableParallelism();
const serverPin = pinPrefix('0', cores);
const restPin = pinPrefix('1', cores);
const pinned = serverPin.length > 0 && pinPid(process.pid, '1');
const log = (line) => process.stderr.write(`${line}\n`);

// Bidders b0..b7 answer at once, d0..d2 after DELAY_S3 ms: one server config serves every scenario.
const mocks = await startMockBidders(restPin, 11);
const endpoints = {};
mocks.ports.forEach((port, i) => {
  if (i < 8) endpoints[`b${i}`] = `http://127.0.0.1:${port}/bid?delay=0`;
  else endpoints[`d${i - 8}`] = `http://127.0.0.1:${port}/bid?delay=${DELAY_S3}`;
});
const cache = await startCache(restPin, BASE_PORT + 10);
const helperPids = [process.pid, mocks.child.pid, cache.pid];
const helperTicks = () => helperPids.reduce((s, p) => s + cpuTicks(p), 0);

/** One measured window against `proc`: CPU from /proc, background = machine minus our processes. */
async function measure(proc, run) {
  const t0 = cpuTicks(proc.pid);
  const h0 = helperTicks();
  const m0 = machineTicks();
  const started = performance.now();
  const r = await run();
  const seconds = (performance.now() - started) / 1000;
  const serverTicks = cpuTicks(proc.pid) - t0;
  const m1 = machineTicks();
  const others = m1.busy - m0.busy - serverTicks - (helperTicks() - h0);
  return {
    ...r,
    ...windowFigures({ ok: r.ok, seconds, serverTicks, clkTck: CLK_TCK }),
    rssMb: peakRssMb(proc.pid),
    background: Math.max(0, others / (m1.total - m0.total)),
  };
}

const pick = (runs, k) => median(runs.map((x) => x[k]));
const summarize = (scenario, server, runs, latencyShift = 0) => ({
  scenario,
  server,
  rps: pick(runs, 'rps'),
  p50: pick(runs, 'p50') - latencyShift,
  p99: pick(runs, 'p99') - latencyShift,
  p99Windows: runs.map((x) => x.p99 - latencyShift),
  cpuMs: pick(runs, 'cpuMs'),
  perCore: 1000 / pick(runs, 'cpuMs'),
  rssMb: Math.max(...runs.map((x) => x.rssMb)),
  bad: runs.reduce((s, x) => s + x.bad, 0),
  background: Math.max(...runs.map((x) => x.background)),
  latencyDigits: latencyShift ? 2 : 0,
});

/** Interleaved rounds (baseline, ours, baseline, ours…) of one load shape against both servers. */
async function pair(name, servers, load, latencyShift = 0) {
  const base = [];
  const ours = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [proc, into] of [
      [servers.base, base],
      [servers.ours, ours],
    ]) {
      await load(proc, WARMUP);
      into.push(await measure(proc, () => load(proc, DURATION)));
    }
    log(`${name}: round ${round + 1}/${ROUNDS} done`);
  }
  return {
    base: summarize(name, 'baseline', base, latencyShift),
    ours: summarize(name, 'gavel', ours, latencyShift),
  };
}

const bodyFor = (opts) => JSON.stringify(buildRequest(opts));
const s1Body = bodyFor({ bidders: ['b0', 'b1', 'b2'] });
const s2Body = bodyFor({
  bidders: Object.keys(endpoints).filter((b) => b.startsWith('b')),
  targeting: true,
  cacheBids: true,
});
const s3Body = bodyFor({ bidders: ['d0', 'd1', 'd2'] });
// F: S2 plus a 50-rule floors model and multibid (issue "Auction parity, money side").
const fBody = bodyFor({
  bidders: Object.keys(endpoints).filter((b) => b.startsWith('b')),
  targeting: true,
  cacheBids: true,
  floorRules: 50,
  multibid: true,
  publisher: 'pub-floors',
});
const saturating = (body) => (proc, seconds) =>
  saturate(proc.url, body, { connections: CONNECTIONS, duration: seconds });

const results = {};
const rows = [];
const notes = [];
const servers = {
  base: await startBaseline(serverPin, endpoints),
  ours: await startServer(serverPin, { port: BASE_PORT, bidders: endpoints, cacheHost: cache.host }),
};
try {
  if (SOAK > 0) {
    await soak(servers.ours);
  } else {
    if (ONLY.includes('S1') || ONLY.includes('S3'))
      results.s1 = await pair('S1', servers, saturating(s1Body));
    if (ONLY.includes('S2') || ONLY.includes('F')) results.s2 = await pair('S2', servers, saturating(s2Body));
    if (ONLY.includes('F')) results.f = await pair('F', servers, saturating(fBody));
    if (ONLY.includes('S3')) {
      // 50% of the slower server's S1 throughput, the same rate for both.
      const rate = Math.max(10, Math.round(0.5 * Math.min(results.s1.base.rps, results.s1.ours.rps)));
      notes.push(`S3 load: ${rate} req/s (50% of the lower S1 throughput), bidder delay ${DELAY_S3} ms`);
      results.s3 = await pair(
        'S3',
        servers,
        (proc, seconds) => fixedRate(proc.url, s3Body, { rate, duration: seconds }),
        DELAY_S3,
      );
    }
    for (const k of ['s1', 's2', 's3', 'f']) if (results[k]) rows.push(results[k].base, results[k].ours);
  }
} finally {
  await closeLoadPools();
  await Promise.all([stop(servers.base), stop(servers.ours)]);
}
if (!SOAK && ONLY.includes('M')) await compareModules();
if (!SOAK && ONLY.includes('W')) await compareWorkers();
await Promise.all([stop(cache), stop(mocks)]);

if (!SOAK) {
  process.stdout.write(
    `\nauction benchmark: ${cores} cores, ${pinned ? 'server under test pinned to cpu 0, mocks + cache + load generator to cpu 1' : 'no CPU pinning (taskset unavailable or 1 core)'}; ` +
      `${CONNECTIONS} connections, ${DURATION}s per window after ${WARMUP}s warm-up, ${ROUNDS} interleaved round(s) (median); ` +
      `S3 latencies are added latency (response time − ${DELAY_S3} ms bidder delay)\n\n`,
  );
  process.stdout.write(`${formatTable(rows)}\n\n`);
  for (const line of [...notes, ...verdicts(results)]) process.stdout.write(`${line}\n`);
}

/**
 * M (issue "Modules and analytics"): the S2 auction on account `pub-modules` (ortb2blocking at two
 * stages, richmedia-filter) on a server with hooks on and both analytics adapters (JSON lines to a
 * file, batched HTTP to a sink here), against the same auction on a server without them.
 */
async function compareModules() {
  const { startModulesSetup, MODULES_PUBLISHER } = await import('./modules-config.mjs');
  const setup = await startModulesSetup();
  const extraConfig = setup.extraConfig;
  const mBody = bodyFor({
    bidders: Object.keys(endpoints).filter((b) => b.startsWith('b')),
    targeting: true,
    cacheBids: true,
    publisher: MODULES_PUBLISHER,
  });
  const plain = await startServer(serverPin, {
    port: BASE_PORT + 30,
    bidders: endpoints,
    cacheHost: cache.host,
    name: 'plain',
  });
  const withM = await startServer(serverPin, {
    port: BASE_PORT + 40,
    bidders: endpoints,
    cacheHost: cache.host,
    name: 'modules',
    extraConfig,
  });
  const runs = { plain: [], withM: [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // ABBA: which server goes first alternates, so a drift of the machine within a round does
      // not always land on the same side.
      const order = [
        [plain, runs.plain],
        [withM, runs.withM],
      ];
      if (round % 2 === 1) order.reverse();
      for (const [proc, into] of order) {
        await saturating(mBody)(proc, WARMUP);
        into.push(await measure(proc, () => saturating(mBody)(proc, DURATION)));
      }
      log(`M: round ${round + 1}/${ROUNDS} done`);
    }
  } finally {
    await Promise.all([stop(plain), stop(withM)]);
    await setup.close();
  }
  const a = summarize('M', 'gavel', runs.plain);
  const b = summarize('M', 'gavel+modules+analytics', runs.withM);
  rows.push(a, b);
  // Each round's two windows are seconds apart: the median of the per-round ratios pairs the
  // machine's slower drift away, which the ratio of the two medians does not.
  const perRound = runs.plain.map((p, i) => runs.withM[i].cpuMs / p.cpuMs);
  notes.push(
    `M: modules (ortb2blocking ×2 stages, richmedia-filter) + analytics (log file, HTTP) cost ` +
      `${fmt(100 * (median(perRound) - 1), 1)}% CPU per auction (median of ${ROUNDS} per-round ratios: ` +
      `${perRound.map((r) => `${fmt(100 * (r - 1), 1)}%`).join(', ')}; medians ${fmt(a.cpuMs, 3)} → ` +
      `${fmt(b.cpuMs, 3)} ms, ${fmt(100 * (b.cpuMs / a.cpuMs - 1), 1)}%; target ≤ +10%)`,
  );
}

/** S1 throughput with `workers: 2` against one process, both unpinned (the cores are shared). */
async function compareWorkers() {
  const out = {};
  for (const [label, workers] of [
    ['1 process', 0],
    ['2 workers', 2],
  ]) {
    const proc = await startServer([], {
      port: BASE_PORT + 20,
      bidders: endpoints,
      cacheHost: cache.host,
      workers,
      name: `w${workers}`,
    });
    try {
      await saturating(s1Body)(proc, WARMUP);
      out[label] = await measure(proc, () => saturating(s1Body)(proc, DURATION));
    } finally {
      await stop(proc);
    }
    log(`workers: ${label} done`);
  }
  const gain = out['2 workers'].rps / out['1 process'].rps;
  notes.push(
    `workers (S1, unpinned): 1 process ${fmt(out['1 process'].rps)} req/s (${fmt(out['1 process'].cpuMs, 3)} CPU ms/auction), ` +
      `2 workers ${fmt(out['2 workers'].rps)} req/s (${fmt(out['2 workers'].cpuMs, 3)} CPU ms/auction) = ${fmt(gain, 2)}× ` +
      `(target ≥ 1.8× where 2+ cores are free; here ${cores} cores shared with the mocks, the cache, the load generator ` +
      `and ${fmt(100 * Math.max(out['1 process'].background, out['2 workers'].background))}% background)`,
  );
}

/** `--soak SECONDS`: S1 saturation on our server, RSS printed every minute. */
async function soak(proc) {
  const samples = [];
  const minutes = Math.max(1, Math.round(SOAK / 60));
  let exited = '';
  proc.child.once('exit', (code, signal) => (exited = `server exited (code ${code}, signal ${signal})`));
  for (let m = 1; m <= minutes; m++) {
    if (exited) {
      process.stdout.write(`soak stopped at minute ${m}: ${exited}\n`);
      return;
    }
    const r = await saturating(s1Body)(proc, Math.min(60, SOAK));
    samples.push(rssMb(proc.pid));
    process.stdout.write(
      `soak minute ${m}: ${fmt(r.ok / Math.min(60, SOAK))} req/s, RSS ${fmt(samples.at(-1))} MB, peak ${fmt(peakRssMb(proc.pid))} MB, errors ${r.bad}\n`,
    );
  }
  process.stdout.write(`${soakVerdict(samples)}\n`);
}
