// perf-map.mjs names a callgrind dump's addresses: JIT code by the perf map's entries (a later entry
// for a reused range wins), builtins run from V8's unlogged copy by the offset most unnamed
// addresses agree on, and anything else not at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpAddresses, perfMapNamer } from './perf-map.mjs';

const MAP = [
  '1000 100 Builtin:ObjectAssign',
  '1200 80 Builtin:SetDataProperties',
  '5000 40 JS:*withProps file:///x/objects.js:20:26',
  '5000 40 JS:*bodyJson file:///x/shared-json.js:36:25',
].join('\n');

function withMap<T>(run: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'perf-map-test-'));
  try {
    const file = join(dir, 'perf-1.map');
    writeFileSync(file, `${MAP}\n`);
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('perfMapNamer: JIT code by its entry, the later entry for a reused range', () => {
  withMap((file) => {
    const named = perfMapNamer(file, []);
    assert.equal(named(0x5010n), 'JS:*bodyJson file:///x/shared-json.js:36:25');
    assert.equal(named(0x1010n), 'Builtin:ObjectAssign');
    assert.equal(named(0x9000n), undefined);
  });
});

test('perfMapNamer: builtins run from the copy, by the offset the unnamed addresses agree on', () => {
  withMap((file) => {
    // Calls into the copy land on builtin starts 0x100000 above the logged ones.
    const named = perfMapNamer(file, [0x101000n, 0x101200n, 0x101000n, 0x5008n]);
    assert.equal(named(0x101004n), 'Builtin:ObjectAssign');
    assert.equal(named(0x101240n), 'Builtin:SetDataProperties');
    assert.equal(named(0x101300n), undefined);
  });
});

test('dumpAddresses: the ???:0x… names of callgrind_annotate output, in order', () => {
  const text =
    '  1,000 ( 1.00%)  < ???:0x00000002f8b38180 (3x) [???]\n  900  *  ???:0x5010 [???]\n ???:Builtins_JsonStringify';
  assert.deepEqual(dumpAddresses(text), [0x2f8b38180n, 0x5010n]);
});
