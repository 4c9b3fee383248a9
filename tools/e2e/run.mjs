// `npm run test:e2e`: every tools/e2e/*.e2e.ts with node:test through tsx, from source, one file at a
// time (each starts its own services, page server and Chromium). Arguments filter by file name.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.e2e.ts'))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort()
  .map((f) => join(dir, f));
if (files.length === 0) {
  process.stderr.write(`no e2e test file matches ${filter.join(' ')}\n`);
  process.exit(1);
}
const res = spawnSync(
  process.execPath,
  [
    '--conditions=source',
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-concurrency=1',
    '--test-force-exit',
    ...files,
  ],
  { stdio: 'inherit' },
);
process.exit(res.status ?? 1);
