// Process helpers for the tools that run the shared yardstick's programs (../shared/bench: mock
// bidders, bare servers, wrk scripts, fixtures) against Gavel: vs-parity.mjs, light-ab.mjs and
// paired-yardstick.mjs. Every process is pinned to a core with taskset, tracked, and SIGKILLed if the
// tool exits without stopping it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The yardstick's fixtures.js (its request, bidder names and answers), loaded from its directory.
 * @param {string} shared
 */
export function yardstickFixtures(shared) {
  return createRequire(join(shared, 'x.js'))('./fixtures.js');
}

/** Floors switched on for every account: how the parity measurements configure Gavel, both bodies alike. */
export const PARITY_FLOORS = Object.freeze({ enabled: true, 'default-account': { enabled: true } });

/** Linux USER_HZ: the unit of utime/stime in /proc/<pid>/stat. */
const CLK = 100;

/**
 * The command line of a yardstick tool: `flag(name, default)` reads `--name value`; `root` is this
 * checkout, `shared` the yardstick's directory (`--shared DIR`, default ../shared/bench); `warmup`
 * and `duration` the seconds of a run's warm-up and measured window (`--warmup`, `--duration`; the
 * yardstick's 5 and 10).
 * @param {string[]} [argv]
 */
export function yardstickArgs(argv = process.argv.slice(2)) {
  /** @param {string} name @param {string} [dflt] */
  const flag = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
  const root = fileURLToPath(new URL('../../', import.meta.url));
  return {
    flag,
    root,
    shared: resolve(root, flag('--shared', '../shared/bench')),
    warmup: Number(flag('--warmup', '5')),
    duration: Number(flag('--duration', '10')),
  };
}

const children = new Set();
process.on('exit', () => {
  for (const p of children) p.kill('SIGKILL');
});

/**
 * The helpers bound to one copy of the yardstick: `start` runs a node program in `cwd` (the
 * yardstick's directory unless told), `wrk` runs wrk with its post.lua on `auxCpu`.
 * @param {{ shared: string, cwd?: string, auxCpu?: string }} where
 */
export function yardstickProcs({ shared, cwd = shared, auxCpu = '0' }) {
  /** @param {string} cpu @param {string[]} cmdArgs @param {Record<string, string>} [env] */
  function start(cpu, cmdArgs, env = {}) {
    const p = spawn('taskset', ['-c', cpu, process.execPath, ...cmdArgs], {
      cwd,
      // The yardstick's programs find undici where ../shared/bench/setup.sh put it.
      env: { NODE_PATH: '/tmp/benchdeps/node_modules', ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    children.add(p);
    p.on('exit', () => children.delete(p));
    return p;
  }

  /**
   * One wrk run of post.lua (`-t1 -c<conns> -d<seconds>s --timeout 5s`); resolves to its WRKJSON line.
   * @param {string} url @param {string[]} wrkArgs @param {number} conns @param {number} seconds
   */
  function wrk(url, wrkArgs, conns, seconds) {
    return new Promise((done, fail) => {
      const a = ['-c', auxCpu, 'wrk', '-t1', `-c${conns}`, `-d${seconds}s`, '--timeout', '5s'];
      a.push('-s', join(shared, 'wrk', 'post.lua'), url, '--', ...wrkArgs);
      const p = spawn('taskset', a, { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      p.stdout.on('data', (d) => (out += d));
      p.on('exit', () => {
        const m = /WRKJSON (\{.*\})/.exec(out);
        return m ? done(JSON.parse(m[1])) : fail(new Error(`wrk failed: ${out}`));
      });
    });
  }

  return { start, wrk };
}

/** SIGTERM (SIGKILL 3 s later if still up); resolves once the process has exited. */
export const stopProc = (p) =>
  new Promise((done) => {
    if (p.exitCode !== null || p.signalCode) return done();
    p.once('exit', done);
    p.kill('SIGTERM');
    setTimeout(() => p.exitCode === null && p.kill('SIGKILL'), 3000).unref();
  });

/** Whether something accepts connections on 127.0.0.1:port. */
export const listening = (port) =>
  new Promise((r) => {
    const s = connect(port, '127.0.0.1', () => (s.destroy(), r(true)));
    s.on('error', () => r(false));
  });

/** Waits (up to 15 s) for a port to accept connections. */
export async function waitPort(port) {
  for (let i = 0; i < 300; i++) {
    if (await listening(port)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`port ${port} not ready`);
}

/** A process's CPU time so far in ms, all its threads (utime + stime of /proc/<pid>/stat). */
export const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return ((+x[11] + +x[12]) * 1000) / CLK;
};

/**
 * The `bidders` section of the yardstick's Gavel config (run.js gavelConfig): the given bidders on
 * the mock bidder's ports 9100, 9101, …
 * @param {string[]} names
 */
export function yardstickBidders(names) {
  /** @type {Record<string, { endpoint: string, capabilities: object }>} */
  const bidders = {};
  names.forEach((name, i) => {
    bidders[name] = {
      endpoint: `http://127.0.0.1:${9100 + i}/openrtb2/bid`,
      capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
    };
  });
  return bidders;
}

/** A scratch directory for one tool run (configs, bodies), removed when the tool exits. */
export function scratchDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Throws when one of the ports is taken: another benchmark's mocks or server would be measured instead. */
export async function assertPortsFree(ports) {
  for (const port of ports)
    if (await listening(port))
      throw new Error(`port ${port} is already in use: is another benchmark running?`);
}

/**
 * The yardstick's Gavel config (run.js gavelConfig) on `port`, its admin port 20 below, the given
 * bidders on the mock bidder's ports.
 * @param {number} port @param {string[]} bidderNames
 */
export function yardstickGavelConfig(port, bidderNames) {
  return {
    port,
    admin: { port: port - 20 },
    workers: 0,
    'ext-namespace': 'prebid',
    bidders: yardstickBidders(bidderNames),
  };
}
