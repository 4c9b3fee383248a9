// The stored-data seam (architecture "Seams"): one fetch of many ids of one kind. Sources (files,
// PostgreSQL, HTTP) implement it; firstOf/withCache compose them. Contract: notes §16–17.
import { ServiceUnavailableError } from '@gavel/common';

export type StoredKind = 'request' | 'imp' | 'amp-request' | 'response' | 'account' | 'category';

export const STORED_KINDS: readonly StoredKind[] = [
  'request',
  'imp',
  'amp-request',
  'response',
  'account',
  'category',
];

/**
 * Why an id was not delivered. `not-found`: no source has it. `invalid-json`: the stored text is
 * not JSON (`detail` says where). `unavailable`: a source failed (down, timeout) — the id may exist.
 */
export interface StoredError {
  kind: StoredKind;
  id: string;
  reason: 'not-found' | 'invalid-json' | 'unavailable';
  detail: string;
  /** `unavailable`: the back-end that failed, named in the 503 (never the client library's text). */
  backend?: string;
}

export interface StoredResult {
  /** id → parsed JSON document. Responses (kind `response`) are the raw stored text (a string). */
  found: Map<string, unknown>;
  /** One entry per id that is not in `found`. */
  errors: StoredError[];
}

export interface StoredSource {
  /**
   * Fetch many ids of one kind at once. Never rejects for missing or broken data: every asked id is
   * either in `found` or in `errors`. `signal` aborts the lookup (ids then come back `unavailable`).
   */
  fetch(kind: StoredKind, ids: readonly string[], signal?: AbortSignal): Promise<StoredResult>;
  /** Forget cached copies (all of a kind when `ids` is omitted). Sources without a cache ignore it. */
  invalidate?(kind: StoredKind, ids?: readonly string[]): void;
  /** Release pools, timers and listeners. */
  close?(): Promise<void>;
}

export function notFound(kind: StoredKind, id: string): StoredError {
  return { kind, id, reason: 'not-found', detail: 'not found' };
}

export function unavailable(kind: StoredKind, id: string, detail: string, backend?: string): StoredError {
  return backend === undefined
    ? { kind, id, reason: 'unavailable', detail }
    : { kind, id, reason: 'unavailable', detail, backend };
}

/**
 * A stored-data back-end that is down answers 503 naming it (issue 23): `stored data back-end
 * (postgres) unavailable`. The detail (the client library's text) goes to the log only.
 */
export function throwIfUnavailable(errors: readonly StoredError[]): void {
  const down = errors.filter((e) => e.reason === 'unavailable');
  if (down.length === 0) return;
  const names = [...new Set(down.map((e) => e.backend ?? 'source'))].join(', ');
  throw new ServiceUnavailableError(`stored data back-end (${names}) unavailable`);
}

/**
 * Turns stored text into a document: JSON for every kind but `response`, which stays raw text
 * (stored bid responses are fed verbatim to adapters). Broken JSON → an `invalid-json` error.
 */
export function decodeStored(
  kind: StoredKind,
  id: string,
  text: string,
): { ok: true; value: unknown } | { ok: false; error: StoredError } {
  if (kind === 'response') return { ok: true, value: text };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, error: { kind, id, reason: 'invalid-json', detail: (err as Error).message } };
  }
}

/** A result holding only `not-found` errors for `ids`. */
export function emptyResult(kind: StoredKind, ids: readonly string[]): StoredResult {
  return { found: new Map(), errors: ids.map((id) => notFound(kind, id)) };
}
