// V8's perf map (/tmp/perf-<pid>.map, written under `--perf-basic-prof`: `start size name` per code
// object) as a namer of the addresses in a callgrind dump, which names JIT code by address only.
// Used by instr-map.mjs (instructions by function) and instr-callers.mjs (who calls what).
import { readFileSync } from 'node:fs';

/**
 * A function naming an address of the dump: the code object at it, or else the builtin whose start
 * is `offset` below it. V8 copies its embedded builtins next to the JIT code, where the map does
 * not log them; the copy's offset is the distance that puts most unnamed addresses of `sample` (the
 * dump's own `0x…` names) on a builtin's start.
 * @param {string} mapFile
 * @param {bigint[]} sample
 * @returns {(addr: bigint) => string | undefined}
 */
export function perfMapNamer(mapFile, sample) {
  const code = readFileSync(mapFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [start, size, ...name] = line.split(' ');
      const s = BigInt(`0x${start}`);
      return { start: s, end: s + BigInt(`0x${size}`), name: name.join(' ') };
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

  const builtins = code.filter((c) => c.name.startsWith('Builtin:'));
  const votes = new Map();
  for (const a of sample.filter((x) => nameAt(x) === undefined).slice(0, 300))
    for (const b of builtins) {
      const d = a - b.start;
      if (d > 0n) votes.set(d, (votes.get(d) ?? 0) + 1);
    }
  const offset = [...votes].sort((x, y) => y[1] - x[1])[0]?.[0] ?? 0n;
  return (addr) => nameAt(addr) ?? (builtins.length ? nameAt(addr - offset) : undefined);
}

/** The `0x…` addresses callgrind_annotate printed in `text` (`???:0x…`), in order. */
export const dumpAddresses = (text) =>
  [...text.matchAll(/\?\?\?:0x([0-9a-f]+)/g)].map((m) => BigInt(`0x${m[1]}`));
