// Reads a folder of adapter fixtures (upstream JSON format) and replays each with the fixture runner:
// what a bidder's own tests call on its `fixtures/` folder.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { runAdapterFixture, type FixtureOutcome, type FixtureSetup } from './fixture-runner.js';

export interface FixtureFileOutcome extends FixtureOutcome {
  file: string;
}

/** Replays every `*.json` of `dir` (a path or a `file:` URL), sorted by name. */
export function runFixtureFolder(dir: string | URL, setup: FixtureSetup): FixtureFileOutcome[] {
  const path = typeof dir === 'string' ? dir : fileURLToPath(dir);
  return readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const fixture = JSON.parse(readFileSync(join(path, file), 'utf8')) as unknown;
      return { file, ...runAdapterFixture(fixture, setup) };
    });
}
