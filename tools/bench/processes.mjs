// Child processes of `npm run bench`: mock bidders, the bare baseline, the cache service (memory)
// and the auction server from the production build, each started with an optional taskset prefix
// and awaited until it answers. The server is configured by a generated YAML file.
import { spawn } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { childPids, cpuTicks } from './proc.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));

/** Spawns `node args` (pinned by `pin`) and resolves when stdout matches `ready`. */
function start(pin, args, ready, name) {
  const [cmd, ...rest] = pin.length ? [...pin, process.execPath, ...args] : [process.execPath, ...args];
  const child = spawn(cmd, rest, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = ready.exec(out);
      if (m) resolve({ child, pid: child.pid, match: m });
    });
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

export async function startMockBidders(pin, count) {
  const { child, match } = await start(
    pin,
    [here('./mock-bidders.mjs'), String(count)],
    /PORTS ([\d,]+)\n/,
    'mocks',
  );
  return { child, ports: match[1].split(',').map(Number) };
}

export async function startBaseline(pin, endpoints, nodeArgs = []) {
  const s = await start(
    pin,
    [...nodeArgs, here('./baseline-server.mjs'), JSON.stringify(endpoints)],
    /PORT (\d+)\n/,
    'baseline',
  );
  return { child: s.child, pid: s.pid, url: `http://127.0.0.1:${s.match[1]}` };
}

/** Polls GET url until it answers 2xx (the services log JSON, so readiness is probed over HTTP). */
async function waitReady(url, child, name) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const res = await request(url);
      await res.body.dump();
      if (res.statusCode < 300) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not become ready`);
}

function startService(pin, nodeArgs, config, name) {
  const file = join(tmpdir(), `gavel-bench-${name}-${process.pid}.yaml`);
  // JSON is valid YAML: no YAML writer needed.
  writeFileSync(file, JSON.stringify(config, null, 2));
  const args = [...nodeArgs, '--config', file];
  const [cmd, ...rest] = pin.length ? [...pin, process.execPath, ...args] : [process.execPath, ...args];
  // BENCH_STDOUT_DIR=dir keeps each service's stdout (`--trace-gc` output, say) in dir/<name>.out.
  const dir = process.env.BENCH_STDOUT_DIR;
  const out = dir ? openSync(join(dir, `${name}.out`), 'w') : 'ignore';
  return spawn(cmd, rest, { cwd: root, stdio: ['ignore', out, 'inherit'] });
}

export async function startCache(pin, port) {
  const child = startService(
    pin,
    ['apps/cache/dist/src/main.js'],
    { port, admin: { port: port + 1 }, log: { level: 'warn' }, backend: { type: 'memory' } },
    'cache',
  );
  await waitReady(`http://127.0.0.1:${port}/status`, child, 'cache');
  return { child, pid: child.pid, host: `127.0.0.1:${port}` };
}

/**
 * The auction server with every mock bidder declared as a host bidder (generic OpenRTB adapter).
 * `bidders`: {name: endpointUrl}. `workers`: 0 = one process.
 */
export async function startServer(
  pin,
  { port, bidders, cacheHost, workers = 0, name = 'server', extraArgs = [], extraConfig = {} },
) {
  const config = {
    port,
    admin: { port: port + 1 },
    workers,
    log: { level: 'warn' },
    'ext-namespace': 'prebid',
    cache: { host: cacheHost, scheme: 'http', 'public-host': 'cache.example.com' },
    // Floors on at the host; only the F scenario's account (stored-data/accounts/pub-floors.json) has
    // them on, so S1–S3 run exactly as before.
    'price-floors': { enabled: true },
    // No public currency file: benchmarks never reach the internet.
    currency: { 'rates-url': '' },
    settings: { files: { dir: fileURLToPath(new URL('./stored-data', import.meta.url)) } },
    bidders: Object.fromEntries(
      Object.entries(bidders).map(([b, endpoint]) => [
        b,
        { endpoint, capabilities: { site: ['banner'], app: ['banner'] } },
      ]),
    ),
  };
  Object.assign(config, extraConfig);
  const child = startService(pin, [...extraArgs, 'apps/server/dist/src/main.js'], config, name);
  await waitReady(`http://127.0.0.1:${port}/status`, child, name);
  await waitSettled(child.pid, workers);
  return { child, pid: child.pid, url: `http://127.0.0.1:${port}` };
}

/**
 * Waits until a cluster has all its workers and the process family is idle (< 10% of a core over
 * 500 ms): a worker still starting would take the load generator's connections late, or its CPU.
 */
async function waitSettled(pid, workers) {
  for (let i = 0; i < 120; i++) {
    const before = cpuTicks(pid);
    await new Promise((r) => setTimeout(r, 500));
    if (childPids(pid).length >= workers && cpuTicks(pid) - before < 5) return;
  }
}

/** SIGTERM and wait for the exit (the server drains; a cluster primary waits for its workers). */
export function stop(proc) {
  if (!proc || proc.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.child.once('exit', () => resolve());
    proc.child.kill('SIGTERM');
  });
}
