// Shared by the fast-path tests: a public app's options, and answers read with their raw headers.
import { request } from 'undici';
import { createLogger } from '../logger.js';
import { createServiceMetrics } from '../metrics.js';
import type { AppOptions } from './create-app.js';
import { createReadiness } from './readiness.js';

export function options(logger = createLogger({ name: 'test', level: 'silent' })): AppOptions {
  return {
    logger,
    readiness: createReadiness(),
    metrics: createServiceMetrics({ prefix: 't_', collectProcess: false }),
    version: { revision: 'abc', version: '1.2.3' },
    status: { response: 'ok' },
    logRequests: false,
  };
}

/** Status, body and raw headers in order, without Date (it changes). */
export async function fetchRaw(
  url: string,
  headers: Record<string, string> = {},
  o: { method?: 'GET' | 'POST'; body?: string | Buffer } = {},
) {
  const res = await request(url, {
    headers,
    method: o.method ?? 'GET',
    ...(o.body !== undefined ? { body: o.body } : {}),
  });
  const body = await res.body.text();
  const raw: string[] = [];
  const h = res.headers;
  for (const name of Object.keys(h)) if (name !== 'date') raw.push(`${name}: ${String(h[name])}`);
  return { status: res.statusCode, body, headers: raw };
}
