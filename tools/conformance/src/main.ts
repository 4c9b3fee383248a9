// `npm run conformance -- <fixtures dir> [--family NAME] [--only A,B] [--verbose]
//   [--known-passing FILE] [--write-known-passing FILE]`: replays the shared corpus, prints per-family
// counts, then one line `N passed, M failed`. With --known-passing, exits 1 when a fixture listed in
// FILE (one relative path per line) did not pass: the committed list of fixtures known to pass.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { families } from './families/index.js';
import type { FixtureVerdict } from './types.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined =>
  args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
const optionValues = new Set(['--family', '--only', '--known-passing', '--write-known-passing'].map(option));
const root = args.find((a) => !a.startsWith('--') && !optionValues.has(a));
const only = option('--family');
const onlyEntries = option('--only')?.split(',').filter(Boolean);
const knownPassingFile = option('--known-passing');
const writeKnownPassing = option('--write-known-passing');
const verbose = args.includes('--verbose');
if (!root || !existsSync(root)) {
  process.stderr.write(
    'usage: npm run conformance -- <fixtures dir> [--family NAME] [--only A,B] [--verbose] [--known-passing FILE]\n',
  );
  process.exit(2);
}

const all: FixtureVerdict[] = [];
let familyCrashes = 0;
for (const family of families) {
  if (only && family.name !== only) continue;
  let verdicts: FixtureVerdict[];
  try {
    verdicts = await family.run(resolve(root), onlyEntries ? { only: onlyEntries } : undefined);
  } catch (err) {
    process.stdout.write(`${family.name}: could not run: ${(err as Error).stack ?? String(err)}\n`);
    familyCrashes += 1;
    continue;
  }
  const ok = verdicts.filter((v) => v.passed).length;
  const bad = verdicts.filter((v) => !v.passed);
  all.push(...verdicts.map((v) => ({ ...v, file: `${family.name}/${v.file}` })));
  process.stdout.write(`${family.name}: ${ok} passed, ${bad.length} failed\n`);
  for (const v of bad) {
    const lines = (v.reason ?? '').split('\n').slice(0, verbose ? 40 : 3);
    process.stdout.write(`  FAIL ${v.file}: ${lines.join('\n    ')}\n`);
  }
}
const passed = all.filter((v) => v.passed);
const failedCount = all.length - passed.length + familyCrashes;

if (writeKnownPassing) {
  writeFileSync(
    writeKnownPassing,
    passed
      .map((v) => v.file)
      .sort()
      .join('\n') + '\n',
  );
}
let regressions: string[] = [];
if (knownPassingFile && existsSync(knownPassingFile)) {
  const known = readFileSync(knownPassingFile, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const passedNow = new Set(passed.map((v) => v.file));
  regressions = onlyEntries
    ? []
    : known.filter((k) => (!only || k.startsWith(`${only}/`)) && !passedNow.has(k));
  for (const r of regressions) process.stdout.write(`REGRESSION (listed in ${knownPassingFile}): ${r}\n`);
}
process.stdout.write(`${passed.length} passed, ${failedCount} failed\n`);
process.exit(regressions.length > 0 ? 1 : 0);
