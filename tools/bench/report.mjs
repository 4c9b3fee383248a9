// Pure reporting of `npm run bench`: medians, the per-row figures, the one printed table and the
// verdicts against issue 8's targets (tested in report.test.ts).

export const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** Figures of one measured window: CPU ms per auction and req/s per full core from jiffies. */
export function windowFigures({ ok, seconds, serverTicks, clkTck }) {
  const cpuMs = ok ? (serverTicks * 1000) / clkTck / ok : NaN;
  return { rps: ok / seconds, cpuMs, perCore: 1000 / cpuMs };
}

const HEADER = [
  'scenario',
  'server',
  'req/s',
  'p50 ms',
  'p99 ms',
  'CPU ms/auction',
  'req/s per core',
  'peak RSS MB',
  'errors',
  'background CPU',
];

/** rows: {scenario, server, rps, p50, p99, cpuMs, perCore, rssMb, bad, background} → markdown. */
export function formatTable(rows) {
  const lines = [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => '---').join('|')}|`];
  for (const r of rows) {
    const lat = r.latencyDigits ?? 0;
    lines.push(
      `| ${r.scenario} | ${r.server} | ${fmt(r.rps)} | ${fmt(r.p50, lat)} | ${fmt(r.p99, lat)} | ${fmt(r.cpuMs, 3)} | ` +
        `${fmt(r.perCore)} | ${fmt(r.rssMb)} | ${r.bad} | ${fmt(100 * r.background)}% |`,
    );
  }
  return lines.join('\n');
}

/**
 * Ratio lines and verdicts: ours/baseline per-core throughput for S1/S2, S3 added-latency gap.
 * Each scenario is optional (`--only` runs a subset).
 * @param {{ s1?: any, s2?: any, s3?: any, f?: any }} scenarios
 */
export function verdicts({ s1, s2, s3, f }) {
  const out = [];
  const ratio = (pair) => pair.ours.perCore / pair.base.perCore;
  if (f && s2) {
    const extra = f.ours.cpuMs / s2.ours.cpuMs - 1;
    // The F body is larger (a 50-rule model): the bare proxy pays for that too; what is left is ours.
    const bodyCost = f.base.cpuMs - s2.base.cpuMs;
    const features = (f.ours.cpuMs - s2.ours.cpuMs - bodyCost) / s2.ours.cpuMs;
    out.push(
      `F (S2 + 50-rule floors + multibid) CPU per auction ${fmt(f.ours.cpuMs, 3)} ms vs S2 ${fmt(s2.ours.cpuMs, 3)} ms: ` +
        `${fmt(100 * extra)}% more, ${fmt(100 * features)}% beyond the larger body's cost to the bare proxy ` +
        `(target ≤ 10%): ${features <= 0.1 ? 'met' : 'NOT met'}`,
    );
  }
  if (s1) {
    const r = ratio(s1);
    out.push(
      `S1 req/s per core ours/baseline ${fmt(100 * r)}% (target ≥ 60%): ${r >= 0.6 ? 'met' : 'NOT met'}`,
    );
  }
  if (s2) {
    const r = ratio(s2);
    out.push(
      `S2 req/s per core ours/baseline ${fmt(100 * r)}% (target ≥ 40%): ${r >= 0.4 ? 'met' : 'NOT met'}`,
    );
  }
  if (s3) {
    const gap = s3.ours.p99 - s3.base.p99;
    out.push(
      `S3 added latency p50 ${fmt(s3.base.p50, 2)} / ${fmt(s3.ours.p50, 2)} ms, p99 ${fmt(s3.base.p99, 2)} / ` +
        `${fmt(s3.ours.p99, 2)} ms (baseline / ours; target ours ≤ baseline + 2 ms): ${gap <= 2 ? 'met' : 'NOT met'}`,
    );
    // The median hides how far one window's tail moves with whether a mark-compact landed in it.
    const windows = (row) => (row.p99Windows ?? []).map((x) => fmt(x, 1)).join(', ');
    if (s3.base.p99Windows?.length > 1 || s3.ours.p99Windows?.length > 1)
      out.push(
        `S3 p99 added latency of each window: baseline ${windows(s3.base)} ms; ours ${windows(s3.ours)} ms`,
      );
  }
  return out;
}

/** Soak verdict: RSS at the end within 10% of RSS after the first minute. */
export function soakVerdict(samples) {
  if (samples.length < 2) return 'soak: too short for a verdict (needs 2+ minutes)';
  const first = samples[0];
  const last = samples[samples.length - 1];
  const drift = (last - first) / first;
  const highest = Math.max(...samples.slice(1));
  const rise = (highest - first) / first;
  const pct = (x) => `${x >= 0 ? '+' : ''}${fmt(100 * x, 1)}%`;
  // The target guards against growth (a leak); RSS falling when V8 returns heap pages is not one,
  // so the verdict reads the end and the highest later minute against minute 1 (+10% at most).
  const met = drift <= 0.1 && rise <= 0.1;
  return `soak: RSS ${fmt(first)} MB after minute 1, ${fmt(last)} MB at the end (${pct(drift)}), highest later minute ${fmt(highest)} MB (${pct(rise)}); target no growth beyond +10%: ${met ? 'met' : 'NOT met'}`;
}
