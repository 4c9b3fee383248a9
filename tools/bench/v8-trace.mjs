// The pure part of light-window.mjs: what a server's V8 did inside a measured window, read from the
// lines node prints with `--trace-opt --trace-deopt --trace-gc` (V8 11.3, Node 20), and what its
// threads ran, read from /proc/<pid>/task/<tid>/stat.
//
// A TurboFan compile ends in `[completed compiling … - took A, B, C ms]`: A is the job's set-up on the
// serving thread, B the graph building and optimisation on a V8 platform thread (the part that
// shares the server's core with the serving thread), C the code's installation on the serving thread.
// An eager or soft deoptimisation starts `[bailout (kind: deopt-…, reason: …): begin. deoptimizing`.
// A GC line reads `[pid:isolate]  1234 ms: Scavenge 69.5 (103.1) -> 38.8 (103.6) MB, 4.34 / 0.00 ms …`.

const COMPILED =
  /\[completed compiling .*?<JSFunction ?(.*?) \(sfi = .*?- took ([\d.]+), ([\d.]+), ([\d.]+) ms\]/;
const DEOPT =
  /\[bailout \(kind: (deopt-[a-z]+), reason: ([^)]*)\): begin\. deoptimizing .*?<JSFunction ?(.*?) \(sfi = /;
const GC =
  /\d+ ms: (Scavenge|Mark-Compact|Mark-Compact \(reduce\)|Minor Mark-Compact)\b.*? MB, ([\d.]+) \/ [\d.]+ ms/;

/**
 * What the trace lines of one window say.
 * @param {readonly string[]} lines
 */
export function traceFigures(lines) {
  const out = {
    compiles: 0,
    /** Sum of the compile jobs' platform-thread part (B), ms. */
    compileBackgroundMs: 0,
    /** Sum of their serving-thread parts (A + C), ms. */
    compileMainMs: 0,
    deopts: 0,
    scavenges: 0,
    scavengeMs: 0,
    scavengeMaxMs: 0,
    markCompacts: 0,
    markCompactMs: 0,
    /** @type {Map<string, number>} function → background ms of its compiles */
    compiledBy: new Map(),
    /** @type {Map<string, number>} `function | reason` → count */
    deoptsBy: new Map(),
  };
  for (const line of lines) {
    const c = COMPILED.exec(line);
    if (c) {
      const name = c[1] || '(anonymous)';
      out.compiles += 1;
      out.compileBackgroundMs += Number(c[3]);
      out.compileMainMs += Number(c[2]) + Number(c[4]);
      out.compiledBy.set(name, (out.compiledBy.get(name) ?? 0) + Number(c[3]));
      continue;
    }
    const d = DEOPT.exec(line);
    if (d) {
      out.deopts += 1;
      const key = `${d[3] || '(anonymous)'} | ${d[2]}`;
      out.deoptsBy.set(key, (out.deoptsBy.get(key) ?? 0) + 1);
      continue;
    }
    const g = GC.exec(line);
    if (!g) continue;
    const ms = Number(g[2]);
    if (g[1] === 'Scavenge') {
      out.scavenges += 1;
      out.scavengeMs += ms;
      out.scavengeMaxMs = Math.max(out.scavengeMaxMs, ms);
    } else {
      out.markCompacts += 1;
      out.markCompactMs += ms;
    }
  }
  return out;
}

/**
 * Per-thread CPU over a window, largest first: the serving thread is the first (it runs the auctions),
 * the rest are V8's platform threads (compiles, GC helpers), Node's and libuv's.
 * @param {Readonly<Record<string, number>>} before tid → ticks
 * @param {Readonly<Record<string, number>>} after
 */
export function threadDeltas(before, after) {
  return Object.entries(after)
    .map(([tid, ticks]) => ticks - (before[tid] ?? 0))
    .filter((t) => t > 0)
    .sort((a, b) => b - a);
}

/**
 * The n largest entries of a name → number map, as `name (value)` with `digits` decimals.
 * @param {ReadonlyMap<string, number>} map @param {number} n @param {number} [digits]
 */
export function topEntries(map, n, digits = 0) {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} (${v.toFixed(digits)})`);
}
