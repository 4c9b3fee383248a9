// The `exchange` family: replays `<root>/exchange/*.json` (not recursive, name order) through the
// auction core with mocked bidders, as the exchange README describes (`exchange/run.ts`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Family, FixtureVerdict } from '../types.js';
import { runExchangeFixture } from '../exchange/run.js';

export const exchangeFamily: Family = {
  name: 'exchange',
  async run(root, options) {
    const dir = join(root, 'exchange');
    if (!existsSync(dir)) return [];
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .filter((f) => !options?.only || options.only.includes(f.replace(/\.json$/, '')));
    const verdicts: FixtureVerdict[] = [];
    for (const f of files) {
      const file = `exchange/${f}`;
      try {
        const doc = JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown;
        verdicts.push({
          file,
          ...(await runExchangeFixture(doc, f, join(dir, 'harness-data', 'category-mapping'))),
        });
      } catch (err) {
        verdicts.push({ file, passed: false, reason: `could not run: ${(err as Error).message}` });
      }
    }
    return verdicts;
  },
};
