// Runs every *.test.ts under apps/, packages/ and tools/ with node:test through tsx, from source.
// (Node 20's --test does not expand globs, hence this finder.)
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const roots = ['packages', 'apps', 'tools', 'scripts'];
const files = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.ts')) files.push(p);
  }
}
for (const r of roots) walk(r);
const filter = process.argv.slice(2);
const selected = filter.length ? files.filter((f) => filter.some((x) => f.includes(x))) : files;
const res = spawnSync(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', '--test', '--test-reporter=spec', ...selected.sort()],
  { stdio: 'inherit' },
);
process.exit(res.status ?? 1);
