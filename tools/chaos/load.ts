// A small closed-loop load driver for the outage scenarios: `workers` loops each sending one request
// after another until stopped, every answer recorded with the phase (up, down, back) it was sent in.
import { request } from 'undici';

export type Phase = 'up' | 'down' | 'back';

export interface Sample {
  phase: Phase;
  kind: string;
  status: number;
  ms: number;
  at: number;
  body: string;
}

export interface Call {
  kind: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
}

export class Load {
  phase: Phase = 'up';
  readonly samples: Sample[] = [];
  private running = true;
  private readonly loops: Promise<void>[] = [];

  constructor(
    next: () => Call,
    o: { workers: number; timeoutMs: number; onAnswer?: (c: Call, s: Sample) => void },
  ) {
    for (let i = 0; i < o.workers; i++) this.loops.push(this.loop(next, o));
  }

  private async loop(next: () => Call, o: { timeoutMs: number; onAnswer?: (c: Call, s: Sample) => void }) {
    while (this.running) {
      const c = next();
      const phase = this.phase;
      const started = performance.now();
      let status = 0;
      let body = '';
      try {
        const res = await request(c.url, {
          method: c.method,
          headers: { 'content-type': 'application/json' },
          ...(c.body !== undefined ? { body: c.body } : {}),
          headersTimeout: o.timeoutMs,
          bodyTimeout: o.timeoutMs,
        });
        status = res.statusCode;
        body = await res.body.text();
      } catch (err) {
        body = `client error: ${(err as Error).message}`;
      }
      const s: Sample = {
        phase,
        kind: c.kind,
        status,
        ms: performance.now() - started,
        at: Date.now(),
        body,
      };
      this.samples.push(s);
      o.onAnswer?.(c, s);
      if (status === 0) await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  of(kind: string, phase?: Phase): Sample[] {
    return this.samples.filter((s) => s.kind === kind && (phase === undefined || s.phase === phase));
  }
}

/** "200×12 503×4" */
export function histogram(samples: readonly Sample[]): string {
  const m = new Map<number, number>();
  for (const s of samples) m.set(s.status, (m.get(s.status) ?? 0) + 1);
  return [...m].map(([k, n]) => `${k || 'no answer'}×${n}`).join(' ') || 'none';
}

/** The first answer of each status other than 200, shortened. */
export function examples(samples: readonly Sample[]): string {
  const seen = new Map<number, string>();
  for (const s of samples)
    if (s.status !== 200 && !seen.has(s.status)) seen.set(s.status, s.body.trim().slice(0, 110));
  return [...seen].map(([k, b]) => `${k || 'no answer'}: "${b}"`).join('; ');
}

/** Ms from `from` until the first of `n` consecutive OK answers of a kind (undefined: never). */
export function recoveryMs(
  samples: readonly Sample[],
  o: { kind: string; from: number; ok: (s: Sample) => boolean; n?: number },
) {
  const { kind, from, ok, n = 3 } = o;
  let streak = 0;
  let first: number | undefined;
  for (const s of samples.filter((x) => x.kind === kind && x.at >= from).sort((a, b) => a.at - b.at)) {
    if (ok(s)) {
      streak++;
      first ??= s.at;
      if (streak >= n) return first - from;
    } else {
      streak = 0;
      first = undefined;
    }
  }
  return undefined;
}
