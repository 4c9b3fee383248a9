// What `npm run bench:paired` adds beside its CPU figures: the serving thread's CPU apart from the
// process's other threads (libuv's pool, GC helpers), and with `--profile` a CPU profile of the
// measured blocks, each sample counted for the variant whose block it fell in, printed as the
// functions whose self time per auction differs most from the first variant's. Both are paired the
// same way as the figures, so the machine's drift cancels out of them too.
import { readdirSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { CLK_TCK, parseStatTicks } from './proc.mjs';

/** CPU ms of this process's main thread and of all its other threads, from /proc (Linux; zeros elsewhere). */
export function threadCpuMs() {
  const out = { main: 0, other: 0 };
  let tasks = [];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tasks) {
    try {
      const ms = (parseStatTicks(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')) * 1000) / CLK_TCK;
      out[tid === String(process.pid) ? 'main' : 'other'] += ms;
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** Starts the profiler; `mark(name, fn)` runs one block and records its window. */
export async function startWindowProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const windows = [];
  return {
    async mark(name, fn) {
      const from = nowUs();
      await fn();
      windows.push({ name, from, to: nowUs() });
    },
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return { profile, windows };
    },
  };
}

function frameKey(cf) {
  const file = cf.url.replace(/^file:\/\//, '').replace(/.*\/(apps|packages|node_modules|tools)\//, '$1/');
  return `${cf.functionName || '(anonymous)'} ${file}:${cf.lineNumber + 1}`;
}

/** Self µs per function and per variant, over the samples inside that variant's windows. V8 profile
 * timestamps are CLOCK_MONOTONIC µs, the clock of process.hrtime. */
function selfByVariant({ profile, windows }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let t = profile.startTime;
  let w = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    while (w < windows.length && windows[w].to < t) w++;
    if (w >= windows.length) break;
    const { name, from } = windows[w];
    if (t < from) continue;
    const cf = byId.get(profile.samples[i]).callFrame;
    if (cf.functionName === '(idle)') continue;
    const key = frameKey(cf);
    if (!self.has(name)) self.set(name, new Map());
    const m = self.get(name);
    m.set(key, (m.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  return self;
}

/** Markdown: per variant after the first, the `top` functions whose self time per auction grew most. */
export function profileReport(result, { names, auctionsPer, top = 25 }) {
  const self = selfByVariant(result);
  const base = self.get(names[0]) ?? new Map();
  const perAuction = (name) => auctionsPer * result.windows.filter((x) => x.name === name).length;
  const total = (m) => [...m.values()].reduce((a, b) => a + b, 0);
  let text = '';
  for (const name of names.slice(1)) {
    const m = self.get(name) ?? new Map();
    const nb = perAuction(names[0]);
    const nv = perAuction(name);
    text +=
      `\nmain-thread self time, µs per auction in the blocks of each variant: ${names[0]} ${(total(base) / nb).toFixed(1)}, ` +
      `${name} ${(total(m) / nv).toFixed(1)}\n\n| extra µs | ${names[0]} | ${name} | function |\n|---|---|---|---|\n`;
    const keys = new Set([...base.keys(), ...m.keys()]);
    const rows = [...keys]
      .map((k) => [k, (base.get(k) ?? 0) / nb, (m.get(k) ?? 0) / nv])
      .sort((a, b) => b[2] - b[1] - (a[2] - a[1]));
    for (const [k, a, b] of rows.slice(0, top))
      text += `| ${(b - a).toFixed(2)} | ${a.toFixed(2)} | ${b.toFixed(2)} | \`${k}\` |\n`;
  }
  return text;
}
