// The pure parts of `npm run bench`: /proc parsing, per-window figures, the table and the verdicts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMachineTicks, parseStatTicks, parseStatusKb } from './proc.mjs';
import { formatTable, median, soakVerdict, verdicts, windowFigures } from './report.mjs';

interface Row {
  scenario: string;
  server: string;
  rps: number;
  p50: number;
  p99: number;
  cpuMs: number;
  perCore: number;
  rssMb: number;
  bad: number;
  background: number;
  p99Windows?: number[];
}

test('/proc/<pid>/stat: utime + stime, with spaces and parentheses in the command name', () => {
  const stat = '4242 (node (x) y) S 1 4242 4242 0 -1 4194304 5000 0 0 0 1234 56 0 0 20 0 11 0 100 0 0';
  assert.equal(parseStatTicks(stat), 1234 + 56);
});

test('/proc/<pid>/status: VmHWM and VmRSS in kB, NaN when absent', () => {
  const status = 'Name:\tnode\nVmPeak:\t  999 kB\nVmHWM:\t  153600 kB\nVmRSS:\t  102400 kB\n';
  assert.equal(parseStatusKb(status, 'VmHWM'), 153600);
  assert.equal(parseStatusKb(status, 'VmRSS'), 102400);
  assert.ok(Number.isNaN(parseStatusKb(status, 'VmSwap')));
});

test('/proc/stat: busy excludes idle and iowait', () => {
  assert.deepEqual(parseMachineTicks('cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 1 2 3\n'), {
    busy: 150,
    total: 1000,
  });
});

test('window figures: CPU ms per auction and req/s per full core from jiffies', () => {
  const f = windowFigures({ ok: 2000, seconds: 10, serverTicks: 100, clkTck: 100 });
  assert.equal(f.rps, 200);
  assert.equal(f.cpuMs, 0.5);
  assert.equal(f.perCore, 2000);
  assert.ok(Number.isNaN(windowFigures({ ok: 0, seconds: 10, serverTicks: 5, clkTck: 100 }).cpuMs));
});

test('median of odd and even counts, ignoring NaN', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([NaN, 5]), 5);
});

const row = (server: string, over: Partial<Row> = {}): Row => ({
  scenario: 'S1',
  server,
  rps: 1000.4,
  p50: 12,
  p99: 30,
  cpuMs: 0.5,
  perCore: 2000,
  rssMb: 120.2,
  bad: 0,
  background: 0.125,
  ...over,
});

test('the table: one markdown row per server with fixed digits', () => {
  const lines = formatTable([row('baseline'), row('gavel', { cpuMs: 1, perCore: 1000 })]).split('\n');
  assert.equal(lines.length, 4);
  assert.match(lines[0] ?? '', /^\| scenario \| server \| req\/s \|/);
  assert.equal(lines[2], '| S1 | baseline | 1000 | 12 | 30 | 0.500 | 2000 | 120 | 0 | 13% |');
  assert.equal(lines[3], '| S1 | gavel | 1000 | 12 | 30 | 1.000 | 1000 | 120 | 0 | 13% |');
});

test('verdicts against the targets', () => {
  const [s1, s2, s3] = verdicts({
    s1: { base: row('baseline'), ours: row('gavel', { perCore: 1300 }) },
    s2: { base: row('baseline'), ours: row('gavel', { perCore: 700 }) },
    s3: {
      base: row('baseline', { p50: 0.5, p99: 2, p99Windows: [1.5, 2.5] }),
      ours: row('gavel', { p50: 0.9, p99: 4.5, p99Windows: [3, 6] }),
    },
  });
  assert.match(s1 ?? '', /65% \(target ≥ 60%\): met/);
  assert.match(s2 ?? '', /35% \(target ≥ 40%\): NOT met/);
  assert.match(s3 ?? '', /p99 2\.00 \/ 4\.50 ms.*NOT met/);
  assert.equal(
    verdicts({
      s1: undefined,
      s2: undefined,
      s3: { base: row('baseline', { p99Windows: [1.5, 2.5] }), ours: row('gavel', { p99Windows: [3, 6] }) },
    })[1],
    'S3 p99 added latency of each window: baseline 1.5, 2.5 ms; ours 3.0, 6.0 ms',
  );
  assert.match(soakVerdict([100, 104, 108]), /\+8\.0%.*: met/);
  assert.match(soakVerdict([100, 108, 70]), /-30\.0%.*\+8\.0%.*: met/);
  assert.match(soakVerdict([100, 115, 105]), /NOT met/);
  assert.match(soakVerdict([100, 104, 111]), /NOT met/);
  assert.match(soakVerdict([100]), /too short/);
});

test('the F verdict counts only what Gavel adds beyond the larger body', () => {
  const row = (cpuMs: number) => ({ cpuMs, perCore: 1000 / cpuMs });
  const lines = verdicts({
    s2: { base: row(0.6), ours: row(1.2) },
    f: { base: row(0.75), ours: row(1.41) },
  });
  const line = lines.find((l: string) => l.startsWith('F '));
  assert.match(
    line ?? '',
    /18% more, 5% beyond the larger body's cost to the bare proxy \(target ≤ 10%\): met/,
  );
});
