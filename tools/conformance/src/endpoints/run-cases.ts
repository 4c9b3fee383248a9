// Runs endpoint cases one after another (each gets its own app and loopback servers) and turns them
// into verdicts; prints sub-counts per folder so the family total is informative.
import type { FixtureVerdict } from '../types.js';
import type { EndpointCase } from './case.js';
import { runCase, type HarnessEnv } from './harness.js';

export interface CaseOutcome {
  verdict: FixtureVerdict;
  group: string;
  skipped: string[];
}

export async function runEndpointCase(env: HarnessEnv, c: EndpointCase): Promise<CaseOutcome> {
  const fail = (reason: string, skipped: string[] = []): CaseOutcome => ({
    verdict: { file: c.file, passed: false, reason },
    group: c.group,
    skipped,
  });
  if (c.unrunnable || !c.setup || !c.call || !c.check) return fail(c.unrunnable ?? 'no case');
  const run = await runCase(env, c.setup, c.call);
  if (run.problems.length > 0) return fail(`cannot run: ${run.problems.join('; ')}`);
  const result = c.check(run);
  if (result.failure) {
    const notes = run.notes.length > 0 ? `\n(harness notes: ${run.notes.join('; ')})` : '';
    return fail(`${result.failure}${notes}`, result.skipped ?? []);
  }
  return { verdict: { file: c.file, passed: true }, group: c.group, skipped: result.skipped ?? [] };
}

export function formatGroupCounts(outcomes: readonly CaseOutcome[]): string {
  const groups = new Map<string, { ok: number; bad: number; skipped: number }>();
  for (const o of outcomes) {
    const g = groups.get(o.group) ?? { ok: 0, bad: 0, skipped: 0 };
    if (o.verdict.passed) g.ok += 1;
    else g.bad += 1;
    if (o.skipped.length > 0) g.skipped += 1;
    groups.set(o.group, g);
  }
  const width = Math.max(...[...groups.keys()].map((k) => k.length), 10);
  const lines = [...groups].map(
    ([name, g]) =>
      `  ${name.padEnd(width)}  ${String(g.ok).padStart(3)} passed, ${String(g.bad).padStart(3)} failed` +
      (g.skipped > 0 ? ` (${g.skipped} with parts not checkable over HTTP)` : ''),
  );
  return `endpoints sub-counts:\n${lines.join('\n')}\n`;
}
