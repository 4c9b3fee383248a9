// `npm run test:chaos [-- --long] [--only fuzz,bidders,outages,slowloris] [--seed N] [--cases N]
// [--markdown FILE] [--findings FILE]`: the bounded chaos/fuzz run over both Gavel services, on
// loopback only. Prints one table (scenario | tried | held | notes); exits 1 when a row that is not a
// known gap did not hold.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { renderMarkdown, renderText, Table } from './table.js';
import { runFuzz } from './fuzz/run-fuzz.js';
import { runBidderFaults } from './bidder-faults.js';
import { runOutages } from './outages.js';
import { runSlowloris } from './slowloris.js';

const { values } = parseArgs({
  options: {
    long: { type: 'boolean', default: false },
    only: { type: 'string' },
    seed: { type: 'string' },
    cases: { type: 'string' },
    markdown: { type: 'string' },
    findings: { type: 'string' },
  },
});

const long = values.long === true;
// A fixed seed by default (a CI run is reproducible); `--seed random` for a fresh one.
const seed =
  values.seed === 'random'
    ? Date.now() % 1_000_000
    : values.seed !== undefined
      ? Number(values.seed)
      : 20_240_601;
const only = new Set((values.only ?? 'fuzz,bidders,outages,slowloris').split(','));
const log = (line: string) => process.stderr.write(`${line}\n`);
const table = new Table();
const started = Date.now();
const findingsFile = values.findings ?? join(tmpdir(), `gavel-chaos-${seed}.json`);

log(`chaos: ${long ? 'long' : 'short'} run, seed ${seed}`);
if (only.has('fuzz')) {
  const cases = values.cases !== undefined ? Number(values.cases) : long ? 100_000 : 5_000;
  log(`== fuzz (${cases} cases)`);
  const findings = await runFuzz({ cases, seed, table, log });
  writeFileSync(findingsFile, `${JSON.stringify(findings.list(), null, 2)}\n`);
  log(`  fuzz findings (every distinct one, with an example): ${findingsFile}`);
}
if (only.has('bidders')) {
  log('== bidder faults');
  await runBidderFaults({ table, log, rounds: long ? 40 : 5 });
}
if (only.has('outages')) {
  log('== back-end outages');
  await runOutages({ table, log, cycles: long ? 5 : 1 });
}
if (only.has('slowloris')) {
  log('== slow clients');
  await runSlowloris({ table, log, clients: long ? 200 : 20, windowMs: long ? 120_000 : 12_000 });
}

const seconds = ((Date.now() - started) / 1000).toFixed(0);
process.stdout.write(`\nGavel chaos run (${long ? 'long' : 'short'}, seed ${seed}, ${seconds} s)\n\n`);
process.stdout.write(renderText(table.rows));
if (values.markdown) writeFileSync(values.markdown, renderMarkdown(table.rows));
const failed = table.failures();
const gaps = table.rows.filter((r) => r.held === 'known gap').length;
process.stdout.write(
  `\n${table.rows.length - failed.length - gaps} held, ${failed.length} failed, ${gaps} known gaps\n`,
);
process.exit(failed.length > 0 ? 1 : 0);
