// `npm run bench:paired [-- --blocks N --per N --variants plain,all --profile --base DIR --sink-cpu N
// --yardstick K --shared DIR]`: row M measured in
// one process. Every variant is a server app built from the production build, all in this process,
// called with `inject` (16 at a time) with the same S2 request on account `pub-modules`; bidders and the
// cache answer from memory, the analytics log goes to a file and the HTTP adapter posts to a sink in a
// child process. Blocks of auctions alternate between the variants and each block's CPU (this whole
// process: every thread, the file writes included) is divided by its auctions; the figure is the
// median of the per-block ratios to `plain` (and, beside it, the ratio of all blocks' CPU: what a host
// pays, GC pauses included wherever they fell). On a noisy machine this pairs the noise away, which
// separate server processes measured seconds apart cannot (docs/performance.md says how it compares).
// The default pairs `plain` with `all`; `parity` is the plain server posted issue 22's parity body
// (floors, multibid, bid adjustments: request.mjs withParity), `parity:floors+multibid` with only those
// of its blocks (request.mjs PARITY_PARTS); `floor` is the plain server plus the least
// any adapter must do with row M's event (analytics-floor.mjs; needs `all` before it). `plain2` and `all2` are twins for A/A
// checks (two analytics apps appending to one file distorted each other: +19% against +57% for
// identical twins, so `all2` writes its own file). `--profile` adds a paired CPU profile
// (paired-profile.mjs); `--profile-out FILE` also writes it with the variants' windows. `--yardstick K`
// posts the shared yardstick's request to its config instead (paired-yardstick.mjs; `--shared DIR`,
// default ../shared/bench): issue 22's auction, `plain` and `parity` as vs-parity.mjs has them.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bodySpec, buildRequest, withParity } from './request.mjs';
import { MODULES_PUBLISHER } from './modules-config.mjs';
import { bidResponseBody, isNoBid } from './mock-answer.mjs';
import { profileReport, startWindowProfile, threadCpuMs } from './paired-profile.mjs';
import { createAnalyticsFloor } from './analytics-floor.mjs';
import { pinPid } from './proc.mjs';
import { yardstickSetup } from './paired-yardstick.mjs';
import { yardstickArgs } from './yardstick-procs.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const flag = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const BLOCKS = Number(flag('--blocks', 30));
const PER = Number(flag('--per', 150));
const NAMES = flag('--variants', 'plain,all').split(',');
const PROFILE = args.includes('--profile');
const CONCURRENCY = 16;
const WARM_ROUNDS = 15;
const WARM_PER_ROUND = 200;

const {
  loadConfig,
  createLogger,
  applyTierUpBudget,
  applyPretenuring,
  applyArrayBuiltinInlining,
  applyFeedbackAllocation,
} = await import(`${root}packages/common/dist/src/index.js`);
const { ServerConfigSchema, SERVER_ENV_PREFIX } = await import(
  `${root}apps/server/dist/src/config/schema.js`
);
// The serving thread's V8 settings (apps/server main.ts), set as it sets them: before the app loads.
// Without them V8 pretenures the sites of objects a scavenge catches in flight, and their dead old
// copies keep young objects alive until a full GC (the module stages doubled each scavenge's work).
const defaults = loadConfig(ServerConfigSchema, { argv: [], env: {}, envPrefix: SERVER_ENV_PREFIX }).config;
applyTierUpBudget(defaults['v8-interrupt-budget']);
applyPretenuring(defaults['v8-allocation-site-pretenuring']);
applyArrayBuiltinInlining(defaults['v8-inline-array-builtins']);
applyFeedbackAllocation(defaults['v8-lazy-feedback-allocation']);
const { createApp } = await import(`${root}apps/server/dist/src/app.js`);
const { BatchQueue } = await import(`${root}apps/server/dist/src/analytics/batch.js`);

const sink = fork(fileURLToPath(new URL('./sink.mjs', import.meta.url)));
// `--sink-cpu N`: the collector on a core of its own, as `npm run bench` has it (a forked child
// inherits this process's pinning, and on one core it competes with the measured process).
if (flag('--sink-cpu') !== undefined) pinPid(sink.pid, flag('--sink-cpu'));
const sinkPort = await new Promise((resolve) => sink.once('message', resolve));
const dir = mkdtempSync(join(tmpdir(), 'gavel-paired-'));

// `--yardstick K`: the shared yardstick's request, config and bidder answers (paired-yardstick.mjs).
const YARDSTICK =
  flag('--yardstick') === undefined
    ? undefined
    : yardstickSetup({ shared: yardstickArgs().shared, k: Number(flag('--yardstick')) });
const bidders = YARDSTICK?.bidders ?? Array.from({ length: 8 }, (_, i) => `b${i}`);
// The mock bidders' answer (mock-answer.mjs), from memory.
let seq = 0;
function bidderAnswer(uri) {
  if (YARDSTICK) return YARDSTICK.answer(uri);
  const index = Number(/\/b(\d+)$/.exec(uri)?.[1] ?? 0);
  seq += 1;
  if (isNoBid(index, seq)) return { status: 204, headers: {}, body: '' };
  const body = bidResponseBody({ requestId: 'bench-auction', impIds: ['imp-1', 'imp-2'], index, seq });
  return { status: 200, headers: { 'content-type': 'application/json' }, body };
}
const transport = {
  send: async (req) => ({ kind: 'response', response: bidderAnswer(req.uri) }),
  close: async () => {},
};
let uuid = 0;
const cacheTransport = async (body) => {
  const puts = JSON.parse(body).puts.length;
  return {
    status: 200,
    body: JSON.stringify({ responses: Array.from({ length: puts }, () => ({ uuid: `u-${++uuid}` })) }),
  };
};

const base = YARDSTICK?.config ?? {
  'ext-namespace': 'prebid',
  log: { level: 'warn' },
  cache: { host: '127.0.0.1:1', scheme: 'http', 'public-host': 'cache.example.com' },
  'price-floors': { enabled: true },
  currency: { 'rates-url': '' },
  privacy: { gdpr: { vendorlist: { enabled: false } } },
  settings: { files: { dir: fileURLToPath(new URL('./stored-data', import.meta.url)) } },
  bidders: Object.fromEntries(
    bidders.map((b) => [
      b,
      { endpoint: `http://bidder.test/${b}`, capabilities: { site: ['banner'], app: ['banner'] } },
    ]),
  ),
};
// As row M of main.mjs (modules-config.mjs), with the sink in a child process.
const hooks = {
  enabled: true,
  modules: {
    prebid: { ortb2blocking: { enabled: true }, 'richmedia-filter': { enabled: true, 'filter-mraid': true } },
  },
};
const analytics = {
  log: { enabled: true, file: join(dir, 'analytics.jsonl') },
  http: { enabled: true, url: `http://127.0.0.1:${sinkPort}/collect` },
};
const VARIANTS = {
  plain: {},
  hooks: { hooks },
  analytics: { analytics },
  log: { analytics: { log: analytics.log } },
  http: { analytics: { http: analytics.http } },
  all: { hooks, analytics },
  plain2: {},
  // Its own analytics file: two appenders on one file would share its inode lock.
  all2: { hooks, analytics: { ...analytics, log: { enabled: true, file: join(dir, 'analytics-2.jsonl') } } },
  // The plain server, posted issue 22's parity body (vs-parity.mjs): floors, multibid, adjustments.
  parity: {},
  // The plain server plus the least any adapter must do with row M's event (analytics-floor.mjs),
  // and that taken apart: serialising only, and copying into the batches, then writing one of them.
  floor: {},
  'floor-json': {},
  'floor-copy': {},
  'floor-file': {},
  'floor-http': {},
};
const PARITY_BODY = new Set(['parity']);

// `--base DIR`: a variant named `<variant>@base` is that variant of the build in DIR (another
// checkout, built): a code change against the code before it, paired in one process.
const BASE_DIR = flag('--base');
const builds = { '': { createApp, ServerConfigSchema } };
if (BASE_DIR) {
  const at = (file) => pathToFileURL(resolve(BASE_DIR, 'apps/server/dist/src', file)).href;
  builds['@base'] = {
    createApp: (await import(at('app.js'))).createApp,
    ServerConfigSchema: (await import(at('config/schema.js'))).ServerConfigSchema,
  };
}

/** The variant with its analytics log in a file of its own (two appenders on one file distort both). */
function ownLogFile(variant, at) {
  const log = variant.analytics?.log;
  if (!log) return variant;
  const file = join(dir, `analytics${at.replace('@', '-')}.jsonl`);
  return { ...variant, analytics: { ...variant.analytics, log: { ...log, file } } };
}

const apps = {};
for (const name of NAMES) {
  const at = name.includes('@') ? name.slice(name.indexOf('@')) : '';
  const variant = name.slice(0, name.length - at.length).split(':')[0];
  if (!VARIANTS[variant]) throw new Error(`unknown variant ${variant} (${Object.keys(VARIANTS).join(', ')})`);
  if (!builds[at]) throw new Error(`variant ${name}: run with --base DIR`);
  const { config } = loadConfig(builds[at].ServerConfigSchema, {
    argv: [],
    env: {},
    envPrefix: SERVER_ENV_PREFIX,
    overrides: [base, at ? ownLogFile(VARIANTS[variant], at) : VARIANTS[variant]],
  });
  apps[name] = await builds[at].createApp(config, {
    logger: createLogger({ level: 'warn', name }),
    version: { version: 'bench', revision: 'bench' },
    transport,
    cacheTransport,
  });
}

const request = () =>
  YARDSTICK?.request() ??
  buildRequest({ bidders, targeting: true, cacheBids: true, publisher: MODULES_PUBLISHER });
/** The body a variant posts: `parity:floors+multibid` is the parity body with only those blocks. */
function payloadOf(name) {
  const { kind, parts } = bodySpec(name.split('@')[0]);
  if (!PARITY_BODY.has(kind)) return JSON.stringify(request());
  return JSON.stringify(withParity(request(), bidders, parts));
}
const payloads = Object.fromEntries(NAMES.map((n) => [n, payloadOf(n)]));
const headers = { 'content-type': 'application/json' };

// The `floor` variants write the event of the `all` variant (its warm-up's last line): `all` warms up first.
const floors = {};
function floorFor(name) {
  if (!name.startsWith('floor')) return undefined;
  if (floors[name]) return floors[name];
  if (!NAMES.slice(0, NAMES.indexOf(name)).includes('all'))
    throw new Error(`variant ${name} needs all before it`);
  const floor = createAnalyticsFloor({
    BatchQueue,
    eventFile: join(dir, 'analytics.jsonl'),
    outFile: join(dir, `${name}.jsonl`),
    sinkPort,
    parts: name.split('-')[1] ?? 'all',
  });
  process.stdout.write(`${name}: row M's event, ${floor.eventBytes} bytes\n`);
  return (floors[name] = floor);
}

/** `count` auctions, CONCURRENCY at a time; throws on an answer other than 200. */
async function block(name, count) {
  const app = apps[name];
  const payload = payloads[name];
  const extra = floorFor(name.split('@')[0]);
  let left = count;
  const worker = async () => {
    while (left-- > 0) {
      const r = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', headers, payload });
      if (r.statusCode !== 200) throw new Error(`auction answered ${r.statusCode}: ${r.body.slice(0, 200)}`);
      extra?.record();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpuMs = {};
const threadMs = {};
let profiled;
try {
  // Warm-up (JIT, caches, pools) in rounds, every variant in turn: warmed one after the other, the
  // variant warmed first read 4-10% dearer than the same build warmed second (A/A with --base).
  for (let round = 0; round < WARM_ROUNDS; round++)
    for (const name of NAMES) await block(name, WARM_PER_ROUND);
  for (const name of NAMES) cpuMs[name] = [];
  for (const name of NAMES) threadMs[name] = { main: 0, other: 0 };
  const profiler = PROFILE ? await startWindowProfile() : undefined;
  for (let b = 0; b < BLOCKS; b++) {
    // In turn A B, then B A: neither variant always runs right after the other.
    for (const name of b % 2 === 0 ? NAMES : [...NAMES].reverse()) {
      const before = process.cpuUsage();
      const threadsBefore = threadCpuMs();
      if (profiler) await profiler.mark(name, () => block(name, PER));
      else await block(name, PER);
      const used = process.cpuUsage(before);
      const threadsAfter = threadCpuMs();
      cpuMs[name].push((used.user + used.system) / 1000 / PER);
      for (const k of ['main', 'other']) threadMs[name][k] += threadsAfter[k] - threadsBefore[k];
    }
  }
  if (profiler) profiled = await profiler.stop();
  // `--profile-out FILE`: the profile and the variants' windows as JSON, for analyses of one's own.
  if (profiled && flag('--profile-out')) writeFileSync(flag('--profile-out'), JSON.stringify(profiled));
} finally {
  for (const floor of Object.values(floors)) await floor.close();
  for (const name of Object.keys(apps)) {
    await apps[name].publicApp.close();
    await apps[name].closeResources();
  }
  sink.kill();
  rmSync(dir, { recursive: true, force: true });
}

const first = NAMES[0];
process.stdout.write(
  `\npaired in-process auctions: ${BLOCKS} blocks of ${PER} per variant, ${CONCURRENCY} at a time; CPU of the whole process per auction\n\n` +
    `| variant | CPU ms/auction (median) | vs ${first} (median of block ratios) | vs ${first} (all blocks' CPU) | main thread / other threads, ms/auction (mean) |\n|---|---|---|---|---|\n`,
);
for (const name of NAMES) {
  const ratio = median(cpuMs[name].map((v, i) => v / cpuMs[first][i]));
  // The whole run's CPU per auction: what a host pays, GC pauses included wherever they fell.
  const total = sum(cpuMs[name]) / sum(cpuMs[first]);
  const pct = (r) => (name === first ? '-' : `${(100 * (r - 1)).toFixed(1)}%`);
  process.stdout.write(
    `| ${name} | ${median(cpuMs[name]).toFixed(3)} | ${pct(ratio)} | ${pct(total)} | ` +
      `${(threadMs[name].main / BLOCKS / PER).toFixed(3)} / ${(threadMs[name].other / BLOCKS / PER).toFixed(3)} |\n`,
  );
}
if (profiled)
  process.stdout.write(
    profileReport(profiled, { names: NAMES, auctionsPer: PER, top: Number(flag('--top', 25)) }),
  );
