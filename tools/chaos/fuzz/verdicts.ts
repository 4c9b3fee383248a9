// What one fuzzed answer says: fine, a crash, a 5xx, a hang, or a 4xx whose message is empty or
// does not name the field that was mutated. Findings are grouped by a signature (target, status,
// first line with digits masked) so a 100,000-case run reports each distinct problem once.
import type { FuzzCase } from './mutate.js';

export type Kind = 'crash' | '5xx' | 'hang' | '4xx-empty' | '4xx-unnamed';

export interface Finding {
  kind: Kind;
  target: string;
  status: number;
  signature: string;
  count: number;
  example: { mutation: string; url: string; payload?: string; answer: string };
}

export const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A 4xx message names the field when it contains one of the names (case and punctuation aside). */
export function namesField(message: string, names: readonly string[]): boolean {
  const m = normalise(message);
  // The body itself is `request` in the auction endpoints' messages (`request.imp[0]…`).
  const all = names.includes('body') ? [...names, 'request'] : names;
  const wanted = all.map(normalise).filter((n) => n !== '');
  return wanted.length === 0 || wanted.some((n) => m.includes(n));
}

/** Size limits and the like are about the request, not a field: they need a message only. */
const NOT_FIELD_STATUSES = new Set([405, 413, 415, 429, 451]);

export function classify(c: FuzzCase, status: number, body: string): Kind | undefined {
  if (status >= 500) return '5xx';
  if (status < 400) return undefined;
  if (body.trim() === '') return status === 451 || status === 404 ? undefined : '4xx-empty';
  if (NOT_FIELD_STATUSES.has(status)) return undefined;
  return namesField(body, c.names) ? undefined : '4xx-unnamed';
}

export class Findings {
  private readonly byKey = new Map<string, Finding>();
  readonly totals = new Map<Kind, number>();

  add(kind: Kind, c: FuzzCase, status: number, answer: string): void {
    this.totals.set(kind, (this.totals.get(kind) ?? 0) + 1);
    const first = answer.split('\n')[0] ?? '';
    const signature = first
      .replace(/"[^"]*"|'[^']*'/g, '"…"')
      .replace(/\d+/g, '#')
      .slice(0, 120);
    const key = `${kind}|${c.target}|${status}|${signature}`;
    const found = this.byKey.get(key);
    if (found) {
      found.count++;
      return;
    }
    const payload = c.payload !== undefined ? c.payload.slice(0, 300) : undefined;
    this.byKey.set(key, {
      kind,
      target: c.target,
      status,
      signature,
      count: 1,
      example: Object.assign(
        { mutation: c.mutation.slice(0, 200), url: c.url.slice(0, 300), answer: answer.slice(0, 300) },
        payload !== undefined ? { payload } : {},
      ),
    });
  }

  count(kind: Kind): number {
    return this.totals.get(kind) ?? 0;
  }

  list(kind?: Kind): Finding[] {
    return [...this.byKey.values()]
      .filter((f) => kind === undefined || f.kind === kind)
      .sort((a, b) => b.count - a.count);
  }
}
