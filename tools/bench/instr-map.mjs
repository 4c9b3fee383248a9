// `node tools/bench/instr-map.mjs CALLGRIND_FILE PERF_MAP [--count N] [--top 40] [--by file|fn]`: the
// self instructions of a callgrind dump (instr.mjs with `--node-flags --perf-basic-prof`) by JavaScript
// function or by source file: callgrind names JIT code by address only, and V8's perf map
// (/tmp/perf-<pid>.map: `start size name` per code object) says whose code each address is. Native
// functions keep their own names; `--count` divides by the requests counted, for a per-request figure.
import { execFileSync } from 'node:child_process';
import { dumpAddresses, perfMapNamer } from './perf-map.mjs';

const [file, mapFile] = process.argv.slice(2);
const argv = process.argv.slice(2);
const flag = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const COUNT = Number(flag('--count', '1'));
const TOP = Number(flag('--top', '40'));
const BY = flag('--by', 'fn');

const out = execFileSync('callgrind_annotate', ['--threshold=100', file], { maxBuffer: 1 << 28 }).toString();
const named = perfMapNamer(mapFile, dumpAddresses(out));
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
