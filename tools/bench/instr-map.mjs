// `node tools/bench/instr-map.mjs CALLGRIND_FILE PERF_MAP [--count N] [--top 40] [--by file|fn]`: the
// self instructions of a callgrind dump (instr.mjs with `--node-flags --perf-basic-prof`) by JavaScript
// function or by source file: callgrind names JIT code by address only, and V8's perf map
// (/tmp/perf-<pid>.map: `start size name` per code object) says whose code each address is. Native
// functions keep their own names; `--count` divides by the requests counted, for a per-request figure.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [file, mapFile] = process.argv.slice(2);
const argv = process.argv.slice(2);
const flag = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const COUNT = Number(flag('--count', '1'));
const TOP = Number(flag('--top', '40'));
const BY = flag('--by', 'fn');

/** The perf map's code objects, sorted by start address. */
const code = readFileSync(mapFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [start, size, ...name] = line.split(' ');
    return {
      start: BigInt(`0x${start}`),
      end: BigInt(`0x${start}`) + BigInt(`0x${size}`),
      name: name.join(' '),
    };
  })
  .sort((a, b) => (a.start < b.start ? -1 : 1));

/** The last code object at `addr` (code space is reused: later entries for a range win, as perf does). */
function nameAt(addr) {
  let lo = 0;
  let hi = code.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (code[mid].start <= addr) lo = mid;
    else hi = mid - 1;
  }
  for (let i = lo; i >= 0 && i > lo - 50; i--)
    if (code[i].start <= addr && addr < code[i].end) return code[i].name;
  return undefined;
}

// Short builtin calls: V8 copies its embedded builtins next to the JIT code, where the map does not
// log them. The copy's offset is the distance that puts most unnamed entry addresses on a builtin's start.
const builtins = code.filter((c) => c.name.startsWith('Builtin:'));
const builtinStarts = new Set(builtins.map((c) => c.start));
function copyOffset(addrs) {
  const votes = new Map();
  for (const a of addrs.slice(0, 300))
    for (const b of builtins) {
      const d = a - b.start;
      if (d > 0n) votes.set(d, (votes.get(d) ?? 0) + 1);
    }
  return [...votes].sort((x, y) => y[1] - x[1])[0]?.[0] ?? 0n;
}

const out = execFileSync('callgrind_annotate', ['--threshold=100', file], { maxBuffer: 1 << 28 }).toString();
const unnamed = [...out.matchAll(/\?\?\?:0x([0-9a-f]+)/g)].map((m) => BigInt(`0x${m[1]}`));
const offset = copyOffset(unnamed.filter((a) => nameAt(a) === undefined));
const named = (a) => nameAt(a) ?? (builtinStarts.size ? nameAt(a - offset) : undefined);
const totals = new Map();
let all = 0;
for (const line of out.split('\n')) {
  const m = /^\s*([\d,]+)\s+\([\s\d.]+%\)\s+(.*)$/.exec(line);
  if (!m || m[2].startsWith('PROGRAM TOTALS')) continue;
  const ir = Number(m[1].replaceAll(',', ''));
  const addr = /^\?\?\?:0x([0-9a-f]+)/.exec(m[2]);
  let name = m[2].replace(/ \[[^\]]*\]$/, '').replace(/^\?\?\?:/, '');
  if (addr) name = named(BigInt(`0x${addr[1]}`)) ?? 'JIT (unmapped)';
  if (BY === 'file') {
    const f = /(?:file:\/\/)?(\/[^:\s]+|node:[^:\s]+)(?::\d+)*$/.exec(name);
    name = f ? f[1].replace(/^.*\/(apps|packages|node_modules)\//, '$1/') : addr ? 'JIT (other)' : 'native';
  }
  totals.set(name, (totals.get(name) ?? 0) + ir);
  all += ir;
}
console.log(`${Math.round(all / COUNT)} instructions per request in all`);
for (const [name, ir] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, TOP))
  console.log(
    `${String(Math.round(ir / COUNT)).padStart(9)}  ${((100 * ir) / all).toFixed(2).padStart(6)}%  ${name}`,
  );
