// `node tools/bench/instr.mjs [--k 3] [--warm 3000] [--count 1000] [--conns 4] [--servers gavel,bare]
// [--body plain|parity|parity:<part>+<part>] [--floors-on] [--tmax 5000] [--shared DIR] [--keep DIR]`: instructions per request, counted by valgrind's
// callgrind, for Gavel and the shared yardstick's bare fan-out proxy on the yardstick's request and mock
// bidders. The server runs under callgrind with V8 single-threaded (no background compiler or GC
// threads) and counting off; after `--warm` requests counting goes on for `--count` requests at
// `--conns` in flight and the total is read from callgrind's dump. Instruction counts do not follow the
// machine's phases as seconds do (the same total twice, another core loaded or not): a change of 1–2%
// in what the serving thread executes shows here where the yardstick's minutes cannot resolve it.
// Instructions are not cycles (cache misses, branch misses); the yardstick stays the judge.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import {
  PARITY_FLOORS,
  stopProc,
  waitPort,
  yardstickArgs,
  yardstickBidders,
  yardstickFixtures,
} from './yardstick-procs.mjs';
import { bodySpec, withParity } from './request.mjs';

const { flag, root, shared } = yardstickArgs();
const K = Number(flag('--k', '3'));
const WARM = Number(flag('--warm', '3000'));
const COUNT = Number(flag('--count', '1000'));
const CONNS = Number(flag('--conns', '4'));
const SERVERS = flag('--servers', 'gavel,bare').split(',');
const ARGS = process.argv.slice(2);
const BODY = flag('--body', 'plain');
// `--node-flags '--perf-basic-prof'`: V8 writes /tmp/perf-<pid>.map, which instr-map.mjs reads to name JIT code.
const NODE_FLAGS = (flag('--node-flags') ?? '').split(' ').filter(Boolean);
const keep = flag('--keep');
// `--keep DIR` is made when it does not exist (the server's config and the dumps are written there).
const dir = keep ? (mkdirSync(keep, { recursive: true }), keep) : mkdtempSync(join(tmpdir(), 'gavel-instr-'));
const { Pool } = createRequire(join(root, 'apps/server/package.json'))('undici');

const F = yardstickFixtures(shared);
// tmax 5000 (Gavel's host maximum): valgrind runs the server ~50× slower, and a bidder that misses
// a 500 ms deadline leaves less work to count.
const plain = F.bidRequest(undefined, { bidders: K, tmax: Number(flag('--tmax', '5000')) });
// `parity:floors+multibid`: the parity body with only those blocks (request.mjs bodySpec).
const { kind: bodyKind, parts: parityParts } = bodySpec(BODY);
const body = JSON.stringify(
  bodyKind === 'parity' ? withParity(plain, F.BIDDERS.slice(0, K), parityParts) : plain,
);
const nodeEnv = { ...process.env, NODE_PATH: '/tmp/benchdeps/node_modules', NODE_ENV: 'production' };

const mocks = spawn(process.execPath, [join(shared, 'mock-bidder.js')], {
  cwd: shared,
  env: { ...nodeEnv, K: String(K), DELAY_MS: '0', BASE_PORT: '9100' },
  stdio: 'ignore',
});
process.on('exit', () => mocks.kill('SIGKILL'));
await waitPort(9100);

function serverArgs(name) {
  if (name === 'bare')
    return {
      port: 8083,
      argv: [join(shared, 'srv-fanout.js')],
      env: { PORT: '8083', K: String(K), CLIENT: 'pool', BASE_PORT: '9100' },
    };
  const config = {
    port: 8085,
    admin: { port: 8065 },
    workers: 0,
    'ext-namespace': 'prebid',
    bidders: yardstickBidders(F.BIDDERS.slice(0, K)),
  };
  // `--floors-on`: floors on for the plain body too, as vs-parity.mjs runs both (the parity body has them on).
  if (bodyKind === 'parity' || ARGS.includes('--floors-on')) config['price-floors'] = PARITY_FLOORS;
  const file = join(dir, `gavel-k${K}.json`);
  writeFileSync(file, JSON.stringify(config));
  return { port: 8085, argv: [join(root, 'apps/server/dist/src/main.js'), '--config', file], env: {} };
}

/**
 * `n` POSTs of the body, `CONNS` at a time; every answer must be a 200. Resolves to the answers'
 * mean length: an auction whose bidders missed the deadline under valgrind's slowness answers
 * shorter and costs less, so a change in it means the counts are not comparable.
 */
async function drive(pool, n) {
  let left = n;
  let bytes = 0;
  const worker = async () => {
    while (left-- > 0) {
      const r = await pool.request({
        path: '/openrtb2/auction',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      bytes += (await r.body.text()).length;
      if (r.statusCode !== 200) throw new Error(`status ${r.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: CONNS }, worker));
  return bytes / n;
}

async function measure(name) {
  const { port, argv, env } = serverArgs(name);
  const out = join(dir, `${name}.callgrind`);
  const vg = [
    '--tool=callgrind',
    '--instr-atstart=no',
    `--callgrind-out-file=${out}`,
    process.execPath,
    '--single-threaded',
    ...NODE_FLAGS,
    ...argv,
  ];
  // cwd: the dump folder — V8 writes its isolate logs (`--perf-basic-prof`) there, never into ../shared.
  const p = spawn('valgrind', vg, { cwd: dir, env: { ...nodeEnv, ...env }, stdio: 'ignore' });
  await waitPort(port).catch(() => waitPort(port));
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONNS });
  await drive(pool, WARM);
  execFileSync('callgrind_control', ['-i', 'on', String(p.pid)], { stdio: 'ignore' });
  const meanBytes = await drive(pool, COUNT);
  execFileSync('callgrind_control', ['-i', 'off', String(p.pid)], { stdio: 'ignore' });
  await pool.close();
  await stopProc(p);
  if (NODE_FLAGS.length) console.log(`${name}: pid ${p.pid}`);
  const files = readdirSync(dir).filter((f) => f.startsWith(`${name}.callgrind`));
  let ir = 0;
  for (const f of files) {
    const m = /^totals: (\d+)/m.exec(readFileSync(join(dir, f), 'utf8'));
    if (m) ir += Number(m[1]);
  }
  console.log(`${name}: answers of ${meanBytes.toFixed(1)} bytes on average`);
  return ir / COUNT;
}

const results = {};
for (const name of SERVERS) {
  results[name] = await measure(name);
  console.log(`${name} K=${K} body=${BODY}: ${Math.round(results[name])} instructions per request`);
}
if (results.gavel && results.bare) console.log(`gavel / bare: ${(results.gavel / results.bare).toFixed(3)}`);
console.log(`dumps in ${dir}`);
process.exit(0);
