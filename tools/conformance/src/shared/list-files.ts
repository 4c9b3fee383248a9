// Recursive listing of a fixture folder's `*.json` files (sorted, paths relative to the folder).
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export function listJsonFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.json')) out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out;
}
