// `node tools/bench/instr-callers.mjs CALLGRIND_FILE PERF_MAP PATTERN [--count N] [--callees] [--top 25]`:
// who calls the functions whose name matches PATTERN (a regular expression) in a callgrind dump of
// instr.mjs (`--node-flags --perf-basic-prof`), or with `--callees` what they call: each caller's
// inclusive instructions spent in the function, and its calls, per request (`--count`). Callgrind's
// caller tree names JIT code and V8's builtin copies by address only; the perf map names them
// (perf-map.mjs), so "which of Gavel's functions runs Object.assign, and how often" has an answer:
//   node tools/bench/instr-callers.mjs DIR/gavel.callgrind /tmp/perf-PID.map '^Builtin:ObjectAssign$' --count 3000
import { execFileSync } from 'node:child_process';
import { dumpAddresses, perfMapNamer } from './perf-map.mjs';

const argv = process.argv.slice(2);
const [file, mapFile, pattern] = argv;
const flag = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const COUNT = Number(flag('--count', '1'));
const TOP = Number(flag('--top', '25'));
const CALLEES = argv.includes('--callees');
if (!file || !mapFile || !pattern) {
  console.error(
    'usage: instr-callers.mjs CALLGRIND_FILE PERF_MAP PATTERN [--count N] [--callees] [--top 25]',
  );
  process.exit(2);
}

const tree = CALLEES ? 'calling' : 'caller';
const text = execFileSync(
  'callgrind_annotate',
  [`--tree=${tree}`, '--inclusive=yes', '--threshold=100', file],
  { maxBuffer: 1 << 30 },
).toString();
const named = perfMapNamer(mapFile, dumpAddresses(text).slice(0, 3000));

/** A callgrind name (`???:0x…`, `???:Builtins_X`, `file:fn`) as the perf map or V8 names it. */
function nameOf(raw) {
  const addr = /^\?\?\?:0x([0-9a-f]+)/.exec(raw);
  if (addr) return named(BigInt(`0x${addr[1]}`)) ?? raw;
  return raw.replace(/^\?\?\?:/, '').replace(/^Builtins_/, 'Builtin:');
}

const perReq = (n) => Math.round(Number(n.replaceAll(',', '')) / COUNT);
const match = new RegExp(pattern);
// A block is one function: its callers (`<`) above its `*` line, or its callees (`>`) below it.
const blocks = text.split(/\n\s*\n/);
for (const block of blocks) {
  const lines = block.split('\n');
  const star = lines.findIndex((l) => /^\s*[\d,]+ .*\*\s{2}\S/.test(l));
  if (star < 0) continue;
  const head = /^\s*([\d,]+) .*\*\s{2}(\S+)/.exec(lines[star]);
  const fn = nameOf(head[2]);
  if (!match.test(fn)) continue;
  console.log(`${String(perReq(head[1])).padStart(9)}  ${fn}`);
  const edges = (CALLEES ? lines.slice(star + 1) : lines.slice(0, star))
    .map((l) => /^\s*([\d,]+) .*[<>]\s+(\S+) \(([\d,]+)x\)/.exec(l))
    .filter(Boolean)
    .slice(0, TOP);
  for (const [, ir, raw, calls] of edges) {
    const n = (Number(calls.replaceAll(',', '')) / COUNT).toFixed(2);
    console.log(
      `  ${String(perReq(ir)).padStart(9)} ${n.padStart(8)}/req  ${CALLEES ? '→' : '←'} ${nameOf(raw)}`,
    );
  }
}
