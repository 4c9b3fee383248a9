// `npm run bench:processes [-- --variants plain,all,plain2,all2 --rounds 4 --duration 3 --warmup 1]`:
// row M's auction (8 bidders, targeting, cache, account pub-modules) against several server
// processes, each a variant: `plain`, `hooks`, `log`, `http`, `analytics` or `all` (modules-config.mjs),
// a trailing number making a replica (`plain2`), `:pretenuring` turning V8's allocation-site
// pretenuring back on, `:lazy-feedback` V8's lazy feedback allocation. Rounds go through every
// process in turn (1 s warm-up, then the measured window); CPU per auction is the sum of the process's threads' run time (/proc/<pid>/task/*/schedstat).
// Two processes of the same build can differ by a third for their whole life (a GC state, a JIT
// decision: docs/performance.md "2026-11-28 (late morning)"), so compare variants across replicas,
// not one process against one. BENCH_STDOUT_DIR=dir keeps each server's stdout (say, with
// NODE_ARGS='--trace-gc-nvp') in dir/<variant>.out.
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { pinPid, pinPrefix } from './proc.mjs';
import { startCache, startMockBidders, startServer, stop } from './processes.mjs';
import { buildRequest } from './request.mjs';
import { closeLoadPools, saturate } from './load.mjs';
import { MODULES_PUBLISHER, startModulesSetup } from './modules-config.mjs';
import { median } from './report.mjs';

const args = process.argv.slice(2);
const flag = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const ROUNDS = Number(flag('--rounds', 4));
const DURATION = Number(flag('--duration', 3));
const WARMUP = Number(flag('--warmup', 1));
const NAMES = flag('--variants', 'plain,all,plain2,all2,plain3,all3').split(',');
const NODE_ARGS = (process.env.NODE_ARGS ?? '').split(' ').filter(Boolean);

const cores = availableParallelism();
const serverPin = pinPrefix('0', cores);
const restPin = pinPrefix('1', cores);
if (restPin.length) pinPid(process.pid, '1');
const mocks = await startMockBidders(restPin, 8);
const endpoints = Object.fromEntries(
  mocks.ports.map((p, i) => [`b${i}`, `http://127.0.0.1:${p}/bid?delay=0`]),
);
const cache = await startCache(restPin, 18810);
const setup = await startModulesSetup();
const { hooks, analytics } = setup.extraConfig;
const CONFIGS = {
  plain: {},
  hooks: { hooks },
  log: { analytics: { log: analytics.log } },
  http: { analytics: { http: analytics.http } },
  analytics: { analytics },
  all: { hooks, analytics },
};
const body = JSON.stringify(
  buildRequest({
    bidders: Object.keys(endpoints),
    targeting: true,
    cacheBids: true,
    publisher: MODULES_PUBLISHER,
  }),
);

/** Run time of all the process's threads, ms. */
function processRunMs(pid) {
  let ns = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ns / 1e6;
}

function configOf(name) {
  const [variant, option] = name.split(':');
  const config = CONFIGS[variant.replace(/\d+$/, '')];
  if (!config) throw new Error(`unknown variant ${name} (${Object.keys(CONFIGS).join(', ')})`);
  if (option === 'pretenuring') return { ...config, 'v8-allocation-site-pretenuring': true };
  if (option === 'lazy-feedback') return { ...config, 'v8-lazy-feedback-allocation': true };
  return config;
}

const procs = {};
const perAuction = Object.fromEntries(NAMES.map((n) => [n, []]));
try {
  for (const [i, name] of NAMES.entries()) {
    procs[name] = await startServer(serverPin, {
      port: 18820 + 10 * i,
      bidders: endpoints,
      cacheHost: cache.host,
      name: name.replace(':', '-'),
      extraConfig: configOf(name),
      extraArgs: NODE_ARGS,
    });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of NAMES) {
      const proc = procs[name];
      await saturate(proc.url, body, { connections: 16, duration: WARMUP });
      const before = processRunMs(proc.pid);
      const r = await saturate(proc.url, body, { connections: 16, duration: DURATION });
      perAuction[name].push((processRunMs(proc.pid) - before) / Math.max(1, r.ok));
    }
    process.stderr.write(`round ${round + 1}/${ROUNDS} done\n`);
  }
} finally {
  await closeLoadPools();
  await Promise.all([...Object.values(procs).map(stop), stop(cache), stop(mocks), setup.close()]);
}
const first = median(perAuction[NAMES[0]]);
process.stdout.write(
  `\nrow M's auction, ${NAMES.length} server processes, ${ROUNDS} rounds of ${DURATION} s; CPU ms per auction (all threads)\n\n` +
    '| process | each round | median | vs first |\n|---|---|---|---|\n',
);
for (const name of NAMES) {
  const m = median(perAuction[name]);
  const rounds = perAuction[name].map((v) => v.toFixed(3)).join(' ');
  process.stdout.write(
    `| ${name} | ${rounds} | ${m.toFixed(3)} | ${(100 * (m / first - 1)).toFixed(1)}% |\n`,
  );
}
