// The one table the chaos run prints: scenario | tried | held | notes. A row that did not hold is a
// failure unless it is marked a known gap (a behaviour Gavel does not have yet, reported, not failed).

export type Verdict = 'yes' | 'NO' | 'known gap';

export interface Row {
  scenario: string;
  tried: string;
  held: Verdict;
  notes: string;
}

export class Table {
  readonly rows: Row[] = [];

  add(row: Row): void {
    this.rows.push(row);
  }

  /** A check that must hold: 'yes' when ok, 'NO' otherwise. */
  check(o: { scenario: string; tried: string; ok: boolean; notes: string }): void {
    this.add({ scenario: o.scenario, tried: o.tried, held: o.ok ? 'yes' : 'NO', notes: o.notes });
  }

  /** A check Gavel is known not to pass yet: 'yes' when it does, 'known gap' otherwise. */
  gap(o: { scenario: string; tried: string; ok: boolean; notes: string }): void {
    this.add({ scenario: o.scenario, tried: o.tried, held: o.ok ? 'yes' : 'known gap', notes: o.notes });
  }

  failures(): Row[] {
    return this.rows.filter((r) => r.held === 'NO');
  }
}

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function renderMarkdown(rows: readonly Row[]): string {
  const lines = ['| scenario | tried | held | notes |', '|---|---|---|---|'];
  for (const r of rows)
    lines.push(`| ${cell(r.scenario)} | ${cell(r.tried)} | ${r.held} | ${cell(r.notes)} |`);
  return `${lines.join('\n')}\n`;
}

/** A fixed-width text table for the terminal (notes wrap at 70 characters). */
export function renderText(rows: readonly Row[]): string {
  const heads = ['scenario', 'tried', 'held'];
  const widths = heads.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => [r.scenario, r.tried, r.held][i]?.length ?? 0)),
  );
  const pad = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ');
  const out = [`${pad(heads)} | notes`, `${widths.map((w) => '-'.repeat(w)).join('-+-')}-+------`];
  const indent = ' '.repeat(widths.reduce((a, w) => a + w + 3, 0));
  for (const r of rows) {
    const notes = wrap(r.notes, 70);
    out.push(`${pad([r.scenario, r.tried, r.held])} | ${notes[0] ?? ''}`);
    for (const more of notes.slice(1)) out.push(`${indent}${more}`);
  }
  return `${out.join('\n')}\n`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}
