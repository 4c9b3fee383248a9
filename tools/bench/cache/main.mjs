// `npm run bench:cache [-- --long] [-- --only memory|redis] [-- --rounds N] [-- --compare DIR]`: POST (1 and 10 values of 1 KB) and
// GET throughput, p99 and server CPU per request for the cache on memory and on Redis, each beside
// a bare baseline server measured in the same run, runs interleaved (baseline, ours, ...).
// Servers run in child processes (one core each); autocannon drives them from this process.
// `--compare DIR`: also runs the cache of another checkout (e.g. `git archive <rev>` unpacked, with
// node_modules linked and its @gavel/* links pointing into DIR) in the same interleaved rounds.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { request } from 'undici';

const args = process.argv.slice(2);
const long = args.includes('--long');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const DURATION = long ? 10 : 3;
const ROUNDS = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : long ? 3 : 1;
const compareDir = args.includes('--compare') ? args[args.indexOf('--compare') + 1] : undefined;
// Warm-up by request count, not time: on a loaded machine a 1 s warm-up left the JIT still
// compiling in the measured window (its CPU was charged to the first case).
const WARMUP_REQUESTS = 4000;
const CONNECTIONS = 32;
const CLK_TCK = 100; // Linux USER_HZ

const value1k = 'v'.repeat(1000);
const putBody = (n) =>
  JSON.stringify({
    puts: Array.from({ length: n }, (_, i) =>
      i % 2 ? { type: 'xml', value: `<VAST>${value1k.slice(13)}</VAST>` } : { type: 'json', value: value1k },
    ),
  });

function startServer(kind, dir) {
  const script = dir
    ? join(dir, 'tools/bench/cache/servers.mjs')
    : fileURLToPath(new URL('./servers.mjs', import.meta.url));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script, kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
    ...(dir ? { cwd: dir } : {}),
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`${kind} exited with ${code}`)));
  });
}

function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14, 15)
}

/** Busy and total jiffies of the whole machine (/proc/stat), to spot neighbours' load. */
function machineTicks() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

async function seedIds(url, count) {
  const ids = [];
  while (ids.length < count) {
    const res = await request(`${url}/cache`, { method: 'POST', body: putBody(10) });
    const { responses } = await res.body.json();
    ids.push(...responses.map((r) => r.uuid));
  }
  return ids;
}

/** One autocannon run on /cache: `amount` requests, or `duration` seconds when amount is absent or 0. */
async function load(url, kase, ids, { duration, amount }) {
  let i = 0;
  const opts =
    kase === 'get'
      ? {
          requests: [
            {
              method: 'GET',
              setupRequest: (req) => ({ ...req, path: `/cache?uuid=${ids[i++ % ids.length]}` }),
            },
          ],
        }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: putBody(kase === 'put1' ? 1 : 10),
        };
  const length = amount ? { amount } : { duration };
  return autocannon({ url: `${url}/cache`, connections: CONNECTIONS, ...length, ...opts });
}

async function measure(server, kase, ids) {
  await load(server.url, kase, ids, { duration: 0, amount: WARMUP_REQUESTS });
  const before = cpuTicks(server.child.pid);
  const machineBefore = machineTicks();
  const selfBefore = process.cpuUsage();
  const r = await load(server.url, kase, ids, { duration: DURATION });
  const ticks = cpuTicks(server.child.pid) - before;
  const machineAfter = machineTicks();
  const self = process.cpuUsage(selfBefore);
  const selfTicks = ((self.user + self.system) / 1e6) * CLK_TCK;
  // Share of the machine busy with anything but this server and the load generator.
  const background =
    (machineAfter.busy - machineBefore.busy - ticks - selfTicks) / (machineAfter.total - machineBefore.total);
  const ok = r['2xx'];
  return {
    rps: ok / DURATION,
    p99: r.latency.p99,
    cpuMs: ok ? (ticks * 1000) / CLK_TCK / ok : NaN,
    bad: r.non2xx + r.errors + r.timeouts,
    background: Math.max(0, background),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const pairs = [
  ['memory', 'bare-map', 'gavel-memory'],
  ['redis', 'bare-redis', 'gavel-redis'],
].filter(([name]) => !only || only === name);

const rows = [];
for (const [backend, bareKind, oursKind] of pairs) {
  const bare = await startServer(bareKind);
  const ours = await startServer(oursKind);
  const other = compareDir ? await startServer(oursKind, compareDir) : undefined;
  try {
    let idsBare = [];
    let idsOurs = [];
    let idsOther = [];
    for (const kase of ['put1', 'put10', 'get']) {
      // Seeded after the write cases, so the ids read are live (not evicted by the write load).
      if (kase === 'get') {
        idsBare = await seedIds(bare.url, 1000);
        idsOurs = await seedIds(ours.url, 1000);
        if (other) idsOther = await seedIds(other.url, 1000);
      }
      const b = [];
      const o = [];
      const c = [];
      for (let round = 0; round < ROUNDS; round++) {
        b.push(await measure(bare, kase, idsBare));
        if (other) c.push(await measure(other, kase, idsOther));
        o.push(await measure(ours, kase, idsOurs));
      }
      const pick = (xs, k) => median(xs.map((x) => x[k]));
      const row = {
        backend,
        case: kase,
        bareRps: pick(b, 'rps'),
        oursRps: pick(o, 'rps'),
        bareP99: pick(b, 'p99'),
        oursP99: pick(o, 'p99'),
        bareCpu: pick(b, 'cpuMs'),
        oursCpu: pick(o, 'cpuMs'),
        otherCpu: other ? pick(c, 'cpuMs') : NaN,
        otherRps: other ? pick(c, 'rps') : NaN,
        bad: [...b, ...o, ...c].reduce((s, x) => s + x.bad, 0),
        background: Math.max(...[...b, ...o, ...c].map((x) => x.background)),
      };
      rows.push(row);
      process.stderr.write(`done ${backend} ${kase}\n`);
    }
  } finally {
    bare.child.kill();
    ours.child.kill();
    other?.child.kill();
  }
}

const f = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');
process.stdout.write(
  `\ncache benchmark: ${CONNECTIONS} connections, ${DURATION}s per run after ${WARMUP_REQUESTS} warm-up requests, ` +
    `${ROUNDS} interleaved round(s) (median), 1 KB values\n\n`,
);
process.stdout.write(
  '| backend | case | bare req/s | gavel req/s | throughput ratio | bare p99 ms | gavel p99 ms | bare CPU ms/req | gavel CPU ms/req | CPU ratio (bare/gavel) | errors | max background CPU |\n' +
    '|---|---|---|---|---|---|---|---|---|---|---|---|\n',
);
for (const r of rows) {
  process.stdout.write(
    `| ${r.backend} | ${r.case} | ${f(r.bareRps)} | ${f(r.oursRps)} | ${f((100 * r.oursRps) / r.bareRps)}% | ` +
      `${f(r.bareP99)} | ${f(r.oursP99)} | ${f(r.bareCpu, 3)} | ${f(r.oursCpu, 3)} | ` +
      `${f((100 * r.bareCpu) / r.oursCpu)}% | ${r.bad} | ${f(100 * r.background)}% |\n`,
  );
}
if (compareDir) {
  process.stdout.write(
    `\nsame rounds, the cache of ${compareDir} (before) against this checkout (after):\n\n` +
      '| backend | case | bare CPU ms/req | before CPU ms/req | after CPU ms/req | CPU ratio before | CPU ratio after | before req/s | after req/s |\n' +
      '|---|---|---|---|---|---|---|---|---|\n',
  );
  for (const r of rows) {
    process.stdout.write(
      `| ${r.backend} | ${r.case} | ${f(r.bareCpu, 3)} | ${f(r.otherCpu, 3)} | ${f(r.oursCpu, 3)} | ` +
        `${f((100 * r.bareCpu) / r.otherCpu)}% | ${f((100 * r.bareCpu) / r.oursCpu)}% | ${f(r.otherRps)} | ${f(r.oursRps)} |\n`,
    );
  }
}
process.stdout.write(
  '\ntargets: memory ≥ 70% of the bare Map server; redis ≥ 50% of the bare Redis server\n',
);
