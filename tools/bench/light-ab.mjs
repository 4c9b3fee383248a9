// `node tools/bench/light-ab.mjs [--rounds 8] [--warmup 5] [--duration 10] [--a JSON] [--b JSON] [--shared DIR]`:
// CPU per request and p99 of two Gavel configurations, A and B, in the shared yardstick's light
// scenario (its mock bidders, K=3 with 20 ms delay, on cpu 0; wrk -c5 with 20 ms think time on cpu
// 0; its K=3 request fixture; the programs read from ../shared/bench, nothing copied here). `--a` and
// `--b` are JSON objects merged (shallow) into that variant's config, the yardstick's K=3 Gavel
// config, e.g. `--b '{"v8-inline-array-builtins":true}'`. Each round starts two fresh servers at
// once, both on cpu 1 (A on 8085 and B on 8086 in even rounds, swapped in odd ones), warms both up,
// then measures both in the same seconds. Why both at once: this machine has slow phases lasting
// tens of seconds that swing CPU per request by ±40%; two servers measured side by side see the same
// phase, so the ratio B/A of a round is stable to a few percent (an A/A run gives 0.92–1.04 per
// round) where separate runs are not. Prints each round, then the medians of A, B and of the
// per-round ratios. Needs what ../shared/bench/setup.sh installs (wrk; undici in /tmp/benchdeps,
// or NODE_PATH).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './report.mjs';
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
const ROUNDS = Number(flag('--rounds', 8));
/** @type {Record<'A' | 'B', object>} */
const EXTRA = { A: JSON.parse(flag('--a', '{}')), B: JSON.parse(flag('--b', '{}')) };
const VARIANTS = /** @type {const} */ (['A', 'B']);
const SERVER_CPU = '1';
const AUX_CPU = '0';
const K = 3;
const CONNS = 5;
const THINK_MS = 20;
const PORTS = [8085, 8086];
const MAIN = join(root, 'apps/server/dist/src/main.js');
const F = yardstickFixtures(SHARED);
const tmp = scratchDir('gavel-light-ab-');
const { start, wrk } = yardstickProcs({ shared: SHARED, auxCpu: AUX_CPU });

const BODY = join(tmp, `ortb-k${K}.json`);
writeFileSync(BODY, JSON.stringify(F.bidRequest(undefined, { bidders: K })));
const WRK_ARGS = [BODY, String(THINK_MS)];

/** The yardstick's K=3 Gavel config (run.js gavelConfig) on `port`, with the variant's keys merged in. */
function gavelConfig(variant, port) {
  const base = yardstickGavelConfig(port, F.BIDDERS.slice(0, K));
  const file = join(tmp, `gavel-${variant}.json`);
  writeFileSync(file, JSON.stringify(Object.assign(base, EXTRA[variant])));
  return file;
}

/** Both variants' servers of round r (A on 8085 in even rounds, on 8086 in odd ones), up and listening. */
async function startBoth(r) {
  const servers = VARIANTS.map((variant, i) => {
    const port = PORTS[(i + r) % 2];
    const proc = start(SERVER_CPU, [MAIN, '--config', gavelConfig(variant, port)], {
      NODE_ENV: 'production',
    });
    return { variant, port, proc, url: `http://127.0.0.1:${port}/openrtb2/auction` };
  });
  try {
    await Promise.all(servers.map((s) => waitPort(s.port)));
  } catch (e) {
    await Promise.all(servers.map((s) => stopProc(s.proc)));
    throw e;
  }
  return servers;
}

/** One round: two fresh servers, warmed up together, then measured together over the same seconds. */
async function round(r) {
  const servers = await startBoth(r);
  try {
    await Promise.all(servers.map((s) => wrk(s.url, WRK_ARGS, CONNS, WARMUP)));
    await new Promise((done) => setTimeout(done, 300));
    const c0 = servers.map((s) => cpuMs(s.proc.pid));
    const w = await Promise.all(servers.map((s) => wrk(s.url, WRK_ARGS, CONNS, DURATION)));
    const c1 = servers.map((s) => cpuMs(s.proc.pid));
    const [A, B] = w.map((x, i) => ({
      cpuMs: (c1[i] - c0[i]) / x.requests,
      p99: x.p99_us / 1000,
      errors: x.err_connect + x.err_read + x.err_write + x.err_status + x.err_timeout,
    }));
    return { A, B, ratio: B.cpuMs / A.cpuMs };
  } finally {
    await Promise.all(servers.map((s) => stopProc(s.proc)));
  }
}

const line = (label, A, B, ratio) =>
  `${label}: A ${A.cpuMs.toFixed(3)} ms/req p99 ${A.p99.toFixed(1)} | ` +
  `B ${B.cpuMs.toFixed(3)} ms/req p99 ${B.p99.toFixed(1)} | B/A ${ratio.toFixed(3)}`;

// A port already taken (another benchmark's mocks or server) would be measured in place of ours.
await assertPortsFree([9100, 9101, 9102, ...PORTS, ...PORTS.map((p) => p - 20)]);

process.stdout.write(
  `light-ab: ${ROUNDS} rounds of ${DURATION} s after ${WARMUP} s warm-up, both servers at once on cpu ${SERVER_CPU}\n` +
    `  A = ${JSON.stringify(EXTRA.A)}\n  B = ${JSON.stringify(EXTRA.B)}\n`,
);
const mock = start(AUX_CPU, ['mock-bidder.js'], { K: String(K), DELAY_MS: '20', BASE_PORT: '9100' });
const got = [];
try {
  await waitPort(9100);
  for (let r = 0; r < ROUNDS; r++) {
    const x = await round(r);
    got.push(x);
    const errors = x.A.errors + x.B.errors;
    process.stdout.write(
      `${line(`round ${r + 1}`, x.A, x.B, x.ratio)}${errors ? `; ${errors} errors` : ''}\n`,
    );
  }
} finally {
  await stopProc(mock);
}
const med = (v) => ({ cpuMs: median(got.map((x) => x[v].cpuMs)), p99: median(got.map((x) => x[v].p99)) });
process.stdout.write(
  `${line('median', med('A'), med('B'), median(got.map((x) => x.ratio)))} (of per-round ratios)\n`,
);
