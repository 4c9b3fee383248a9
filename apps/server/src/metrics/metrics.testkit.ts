// Test helpers of the metrics folder: a pino logger whose lines are kept, and /metrics lookups.
import { pino } from 'pino';
import type { Logger } from '@gavel/common';
import type { FastifyInstance } from 'fastify';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export const LEVEL = { debug: 20, info: 30, warn: 40 } as const;

/** A logger at `level` whose lines are parsed into `lines` as they are written. */
export function capturingLogger(level: 'debug' | 'info' = 'debug'): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = { write: (s: string) => void lines.push(JSON.parse(s) as LogLine) };
  return { logger: pino({ level, name: 'test' }, stream), lines };
}

/** The admin /metrics text. */
export async function scrape(admin: FastifyInstance): Promise<string> {
  const res = await admin.inject({ method: 'GET', url: '/metrics' });
  return res.body;
}

/** The value of the series `name{labels}` (labels as in the exposition, in order), or undefined. */
export function seriesValue(text: string, series: string): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return undefined;
}
