// `node tools/bench/cache/profile.mjs [put1|put10] [seconds] [--kind gavel-memory|bare-map|...]`:
// runs one server kind of servers.mjs (started as `npm run bench:cache` starts it) under
// --cpu-prof, loads it with the bench's POST body after the same warm-up, then prints the top
// functions by self time over the load window only, and the share per source area.
// Wrap it in `flock /tmp/bench.lock` like every load run on the shared machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const kase = args[0] ?? 'put1';
const seconds = Number(args[1] ?? 10);
const kind = args.includes('--kind') ? args[args.indexOf('--kind') + 1] : 'gavel-memory';
const dir = mkdtempSync(join(tmpdir(), 'gavel-cache-prof-'));

const value1k = 'v'.repeat(1000);
// The same bodies as main.mjs.
const putBody = (n) =>
  JSON.stringify({
    puts: Array.from({ length: n }, (_, i) =>
      i % 2 ? { type: 'xml', value: `<VAST>${value1k.slice(13)}</VAST>` } : { type: 'json', value: value1k },
    ),
  });

const script = fileURLToPath(new URL('./servers.mjs', import.meta.url));
const child = spawn(
  process.execPath,
  ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--conditions=source', '--import', 'tsx', script, kind],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    const m = /PORT (\d+)/.exec(out);
    if (m) resolve(`http://127.0.0.1:${m[1]}/cache`);
  });
  child.on('exit', (code) => reject(new Error(`${kind} exited with ${code}`)));
});
const opts = {
  url,
  connections: 32,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: putBody(kase === 'put10' ? 10 : 1),
};
await autocannon({ ...opts, amount: 4000 });
// V8 profile timestamps are CLOCK_MONOTONIC microseconds, the same clock as process.hrtime.
const from = Number(process.hrtime.bigint() / 1000n);
const r = await autocannon({ ...opts, duration: seconds });
const to = Number(process.hrtime.bigint() / 1000n);
const exited = new Promise((resolve) => child.on('exit', resolve));
child.kill('SIGINT');
await exited;

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const dt = new Map();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < from || at > to) continue;
  dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const self = new Map();
const areas = new Map();
let total = 0;
let idle = 0;
const areaOf = (u, name) => {
  if (u.includes('/apps/cache/src/backends/')) return 'cache backends + decorators';
  if (u.includes('/apps/cache/src/')) return 'cache endpoints';
  if (u.includes('/packages/common/')) return 'common http';
  if (u.includes('node_modules/lru-cache')) return 'lru-cache';
  if (u.includes('node_modules/fastify') || u.includes('node_modules/find-my-way')) return 'fastify + router';
  if (u.includes('node_modules/'))
    return `other: ${u.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')}`;
  if (u.startsWith('node:')) return 'node core';
  if (name === '(garbage collector)') return 'gc';
  return `other: ${name || '(native)'}`;
};
for (const n of profile.nodes) {
  const t = dt.get(n.id) ?? 0;
  const f = n.callFrame;
  if (f.functionName === '(idle)') {
    idle += t;
    continue;
  }
  total += t;
  const where = f.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/');
  const key = `${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + t);
  const area = areaOf(f.url, f.functionName);
  areas.set(area, (areas.get(area) ?? 0) + t);
}
const ok = Math.max(1, r['2xx']);
process.stdout.write(
  `${kind} ${kase}: ${r['2xx']} answers in ${seconds}s (${r.non2xx} non-2xx), ${(total / 1000 / ok).toFixed(4)} ms busy per request ` +
    `(idle ${(idle / 1e6).toFixed(1)} s), profile ${join(dir, file)}\n\nby area (share of busy samples):\n`,
);
for (const [k, t] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  process.stdout.write(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}\n`);
}
process.stdout.write('\ntop functions by self time:\n');
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 45)) {
  process.stdout.write(
    `${((100 * t) / total).toFixed(1).padStart(5)}%  ${(t / 1000 / ok).toFixed(4)} ms/req  ${k}\n`,
  );
}
