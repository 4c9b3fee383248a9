// `npm run conformance -- <fixtures dir> [--family NAME] [--verbose]`: replays the shared corpus
// and prints per-family counts, then one line `N passed, M failed`.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { families } from './families/index.js';
import type { FixtureVerdict } from './types.js';

const args = process.argv.slice(2);
const root = args.find((a) => !a.startsWith('--'));
const only = args.includes('--family') ? args[args.indexOf('--family') + 1] : undefined;
const verbose = args.includes('--verbose');
if (!root || !existsSync(root)) {
  process.stderr.write('usage: npm run conformance -- <fixtures dir> [--family NAME] [--verbose]\n');
  process.exit(2);
}

let passed = 0;
let failed = 0;
for (const family of families) {
  if (only && family.name !== only) continue;
  let verdicts: FixtureVerdict[];
  try {
    verdicts = await family.run(resolve(root));
  } catch (err) {
    process.stdout.write(`${family.name}: could not run: ${(err as Error).stack ?? String(err)}\n`);
    failed += 1;
    continue;
  }
  const ok = verdicts.filter((v) => v.passed).length;
  const bad = verdicts.filter((v) => !v.passed);
  passed += ok;
  failed += bad.length;
  process.stdout.write(`${family.name}: ${ok} passed, ${bad.length} failed\n`);
  for (const v of bad)
    process.stdout.write(
      `  FAIL ${v.file}: ${(v.reason ?? '')
        .split('\n')
        .slice(0, verbose ? 40 : 3)
        .join('\n    ')}\n`,
    );
}
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(0);
