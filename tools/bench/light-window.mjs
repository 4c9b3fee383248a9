// `node tools/bench/light-window.mjs [--rounds 3] [--warmup 5] [--duration 10] [--top 8]
// [--variants '{"gavel":{}}'] [--shared DIR]`: what the shared yardstick's light scenario's measured
// window is made of, for the bare fan-out proxy and Gavel run its way (a fresh server on cpu 1, its
// mock bidders at 20 ms and wrk -c5 with 20 ms think time on cpu 0, 5 s warm-up, 10 s measured; the
// programs and request read from ../shared/bench, nothing copied here). Each server runs with V8's
// `--trace-opt --trace-deopt --trace-gc` (line-buffered through stdbuf, so the window's lines are
// those printed between its first and last second) and the window's figures are: p50/p99 added
// (latency minus the bidders' 20 ms), CPU per request, CPU of the serving thread and of the others
// (V8's platform threads: compiles, GC helpers), TurboFan compiles (count, their platform-thread
// ms), deoptimisations, scavenges (count, sum, longest) and mark-compacts. Those other threads share
// the server's one core with the serving thread, so their work in the window lengthens whatever
// auction is in flight. The tracing costs a little: compare the servers with each other, not with
// the yardstick's figures. `--variants`: Gavel configurations by name, each `{ config?: {...} }`
// merged into the yardstick's Gavel config, and `node?: [...]`, extra node flags. Needs what
// ../shared/bench/setup.sh installs (wrk; undici in /tmp/benchdeps, or NODE_PATH) and stdbuf.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseStatTicks } from './proc.mjs';
import { median } from './report.mjs';
import { threadDeltas, topEntries, traceFigures } from './v8-trace.mjs';
import {
  assertPortsFree,
  cpuMs,
  scratchDir,
  stopProc,
  waitPort,
  yardstickArgs,
  yardstickFixtures,
  yardstickGavelConfig,
  yardstickProcs,
} from './yardstick-procs.mjs';

const { flag, root, shared: SHARED, warmup: WARMUP, duration: DURATION } = yardstickArgs();
const ROUNDS = Number(flag('--rounds', 3));
const TOP = Number(flag('--top', 8));
/** @type {Record<string, { config?: object, node?: string[] }>} */
const VARIANTS = JSON.parse(flag('--variants', '{"gavel":{}}'));
const K = 3;
const DELAY_MS = 20;
const TRACE = ['--trace-opt', '--trace-deopt', '--trace-gc'];
const F = yardstickFixtures(SHARED);
const tmp = scratchDir('gavel-light-window-');
const { start, wrk } = yardstickProcs({ shared: SHARED });
const BODY = join(tmp, 'ortb-k3.json');
writeFileSync(BODY, JSON.stringify(F.bidRequest(undefined, { bidders: K })));
const WRK_ARGS = [BODY, '20'];

/** The command line and port of one server: the bare proxy, or a Gavel variant. */
function serverCommand(name) {
  if (name === 'bare')
    return {
      port: 8083,
      args: ['srv-fanout.js'],
      env: { PORT: '8083', K: String(K), CLIENT: 'pool', BASE_PORT: '9100' },
    };
  const v = VARIANTS[name] ?? {};
  const config = join(tmp, `${name}.json`);
  writeFileSync(
    config,
    JSON.stringify({ ...yardstickGavelConfig(8085, F.BIDDERS.slice(0, K)), ...v.config }),
  );
  const main = join(root, 'apps/server/dist/src/main.js');
  return { port: 8085, args: [...(v.node ?? []), main, '--config', config], env: { NODE_ENV: 'production' } };
}

/** Starts a traced server on cpu 1; its stdout lines are kept in `lines` as they come. */
function startTraced(name) {
  const cmd = serverCommand(name);
  const proc = spawn('taskset', ['-c', '1', 'stdbuf', '-oL', process.execPath, ...TRACE, ...cmd.args], {
    cwd: SHARED,
    env: { NODE_PATH: '/tmp/benchdeps/node_modules', ...process.env, ...cmd.env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  /** @type {string[]} */
  const lines = [];
  createInterface({ input: proc.stdout }).on('line', (l) => lines.push(l));
  return { proc, lines, port: cmd.port };
}

const snapshot = (pid) =>
  Object.fromEntries(
    readdirSync(`/proc/${pid}/task`).map((t) => [
      t,
      parseStatTicks(readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8')),
    ]),
  );

/** One fresh server: warm-up, then the measured window with its trace lines and threads. */
async function runOne(name) {
  const s = startTraced(name);
  try {
    await waitPort(s.port);
    const url = `http://127.0.0.1:${s.port}/openrtb2/auction`;
    await wrk(url, WRK_ARGS, 5, WARMUP);
    await new Promise((r) => setTimeout(r, 300));
    const [t0, c0, from] = [snapshot(s.proc.pid), cpuMs(s.proc.pid), s.lines.length];
    const w = await wrk(url, WRK_ARGS, 5, DURATION);
    const [t1, c1, to] = [snapshot(s.proc.pid), cpuMs(s.proc.pid), s.lines.length];
    const threads = threadDeltas(t0, t1).map((ticks) => ticks * 10);
    return {
      p50: w.p50_us / 1000 - DELAY_MS,
      p99: w.p99_us / 1000 - DELAY_MS,
      cpuMs: (c1 - c0) / w.requests,
      servingMs: threads[0] ?? 0,
      otherMs: threads.slice(1).reduce((a, b) => a + b, 0),
      trace: traceFigures(s.lines.slice(from, to)),
    };
  } finally {
    await stopProc(s.proc);
  }
}

const f1 = (x) => x.toFixed(1);
const line = (name, x) =>
  `${name.padEnd(8)} p50+ ${x.p50.toFixed(2)} p99+ ${x.p99.toFixed(2)} ms | CPU ${x.cpuMs.toFixed(3)} ms/req, ` +
  `serving ${x.servingMs} ms, other threads ${x.otherMs} ms | compiles ${x.trace.compiles} ` +
  `(${f1(x.trace.compileBackgroundMs)} ms), deopts ${x.trace.deopts} | scavenges ${x.trace.scavenges} ` +
  `(${f1(x.trace.scavengeMs)} ms, longest ${f1(x.trace.scavengeMaxMs)}), mark-compacts ${x.trace.markCompacts} (${f1(x.trace.markCompactMs)} ms)`;

/** The medians of every figure over a server's runs, and its compiles and deopts over all runs. */
function summary(name, runs) {
  const pick = (f) => median(runs.map(f));
  const merged = (key) => {
    const all = new Map();
    for (const r of runs) for (const [k, v] of r.trace[key]) all.set(k, (all.get(k) ?? 0) + v);
    return all;
  };
  const t = (k) => pick((r) => r.trace[k]);
  const trace = Object.fromEntries(
    [
      'compiles',
      'compileBackgroundMs',
      'deopts',
      'scavenges',
      'scavengeMs',
      'scavengeMaxMs',
      'markCompacts',
      'markCompactMs',
    ].map((k) => [k, t(k)]),
  );
  const med = {
    p50: pick((r) => r.p50),
    p99: pick((r) => r.p99),
    cpuMs: pick((r) => r.cpuMs),
    servingMs: pick((r) => r.servingMs),
    otherMs: pick((r) => r.otherMs),
    trace,
  };
  return [
    line(`${name}`, med),
    `  compiled (platform-thread ms, all runs): ${topEntries(merged('compiledBy'), TOP, 1).join(', ')}`,
    `  deoptimised (all runs): ${topEntries(merged('deoptsBy'), TOP).join(', ')}`,
  ].join('\n');
}

await assertPortsFree([9100, 9101, 9102, 8083, 8085, 8065]);
const servers = ['bare', ...Object.keys(VARIANTS)];
process.stdout.write(
  `light-window: ${ROUNDS} rounds of ${servers.join(', ')}; ${WARMUP} s warm-up, ${DURATION} s measured, traced\n`,
);
const mock = start('0', ['mock-bidder.js'], { K: String(K), DELAY_MS: String(DELAY_MS), BASE_PORT: '9100' });
/** @type {Record<string, Awaited<ReturnType<typeof runOne>>[]>} */
const got = Object.fromEntries(servers.map((s) => [s, []]));
try {
  await waitPort(9100);
  for (let r = 0; r < ROUNDS; r++)
    for (const name of servers) {
      const x = await runOne(name);
      got[name].push(x);
      process.stdout.write(`round ${r + 1} ${line(name, x)}\n`);
    }
} finally {
  await stopProc(mock);
}
process.stdout.write(`medians:\n${servers.map((s) => summary(s, got[s])).join('\n')}\n`);
