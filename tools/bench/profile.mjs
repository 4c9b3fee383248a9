// `node tools/bench/profile.mjs [S1|S2|S3] [seconds] [--baseline] [--rate N] [--modules] [--json FILE]`: runs the auction server
// (production build), or with --baseline the bare baseline server, under --cpu-prof with the bench's
// mocks and load (S3: 20 ms bidder delay, open loop at --rate req/s, default 600), then prints the top
// functions by self time.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBaseline, startCache, startMockBidders, startServer, stop } from './processes.mjs';
import { pinPid, pinPrefix } from './proc.mjs';
import { availableParallelism } from 'node:os';
import { buildRequest } from './request.mjs';
import { MODULES_PUBLISHER, startModulesSetup } from './modules-config.mjs';
import { closeLoadPools, fixedRate, saturate } from './load.mjs';

const scenario = process.argv[2] ?? 'S2';
const seconds = Number(process.argv[3] ?? 10);
const dir = mkdtempSync(join(tmpdir(), 'gavel-prof-'));
// Pinned as in `npm run bench` where taskset works: the server on cpu 0, everything else on cpu 1
// (unpinned, the kernel's loopback work lands on the server's samples and skews them).
const serverPin = pinPrefix('0', availableParallelism());
const restPin = pinPrefix('1', availableParallelism());
if (restPin.length) pinPid(process.pid, '1');
const mocks = await startMockBidders(restPin, 8);
const delay = scenario === 'S3' ? 20 : 0;
const endpoints = Object.fromEntries(
  mocks.ports.map((p, i) => [`b${i}`, `http://127.0.0.1:${p}/bid?delay=${delay}`]),
);
const cache = await startCache(restPin, 18810);
const profArgs = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
// --modules: the server and request of row M (hooks + both analytics adapters, account pub-modules).
const modules = process.argv.includes('--modules') ? await startModulesSetup() : undefined;
const server = process.argv.includes('--baseline')
  ? await startBaseline(serverPin, endpoints, profArgs)
  : await startServer(serverPin, {
      port: 18800,
      bidders: endpoints,
      cacheHost: cache.host,
      extraArgs: profArgs,
      ...(modules ? { extraConfig: modules.extraConfig } : {}),
    });
const s2 = scenario === 'S2';
const body = JSON.stringify(
  buildRequest({
    bidders: s2 ? Object.keys(endpoints) : ['b0', 'b1', 'b2'],
    targeting: s2,
    cacheBids: s2,
    ...(modules ? { publisher: MODULES_PUBLISHER } : {}),
  }),
);
// V8 profile timestamps are CLOCK_MONOTONIC microseconds, the same clock as process.hrtime here:
// only samples inside the load window count (startup and shutdown are left out).
const from = Number(process.hrtime.bigint() / 1000n);
const rate = Number(process.argv.includes('--rate') ? process.argv[process.argv.indexOf('--rate') + 1] : 600);
const r =
  scenario === 'S3'
    ? await fixedRate(server.url, body, { rate, duration: seconds })
    : await saturate(server.url, body, { connections: 16, duration: seconds });
await closeLoadPools();
const to = Number(process.hrtime.bigint() / 1000n);
await Promise.all([stop(server), stop(cache), stop(mocks), modules?.close()]);

// One profile per thread: the server's main thread only forwards signals when it serves from its
// service thread (young-generation-mb), so the busiest profile (the largest file) is the server's.
const file = readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0];
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const dt = new Map();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < from || at > to) continue;
  dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const self = new Map();
let total = 0;
for (const n of profile.nodes) {
  const t = dt.get(n.id) ?? 0;
  total += t;
  const f = n.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + t);
}
process.stdout.write(
  `${scenario}: ${r.ok} auctions in ${seconds}s, ${((total - (self.get('(idle) :0') ?? 0)) / 1000 / r.ok).toFixed(3)} ms busy per auction, profile ${join(dir, file)}\n`,
);
// --json FILE: every function's self time per auction (ms), for comparing two runs.
if (process.argv.includes('--json')) {
  const out = Object.fromEntries([...self].map(([k, t]) => [k, t / 1000 / Math.max(1, r.ok)]));
  writeFileSync(process.argv[process.argv.indexOf('--json') + 1], JSON.stringify(out));
}
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
  process.stdout.write(
    `${((100 * t) / total).toFixed(1).padStart(5)}%  ${(t / 1000 / Math.max(1, r.ok)).toFixed(3)} ms/auction  ${k}\n`,
  );
}
