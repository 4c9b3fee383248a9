// JSON utilities of the adapter fixture runner: case-insensitive key lookup (the upstream decoder
// matches fixture keys case-insensitively), structural equality with a readable first difference,
// deep freezing (the input-not-mutated check) and Go-style canonical header names.

export type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `obj[name]` matching the key case-insensitively; the last matching key wins, as upstream. */
export function pick(obj: unknown, name: string): unknown {
  if (!isObject(obj)) return undefined;
  if (name in obj) return obj[name];
  const lower = name.toLowerCase();
  let found: unknown;
  for (const [k, v] of Object.entries(obj)) if (k.toLowerCase() === lower) found = v;
  return found;
}

/** `pick` for string members: anything else reads as empty. */
export function pickString(obj: unknown, name: string): string {
  const v = pick(obj, name);
  return typeof v === 'string' ? v : '';
}

/** `pick` for array members: absent or null → empty ("expect none"). */
export function pickArray(obj: unknown, name: string): unknown[] {
  const v = pick(obj, name);
  return Array.isArray(v) ? v : [];
}

// One JSON diff and one deep-freeze for the whole project.
export { deepFreeze, jsonDiff } from '@gavel/common';

/** Go's textproto.CanonicalMIMEHeaderKey: `content-type` → `Content-Type`. */
export function canonicalHeaderName(name: string): string {
  return name
    .split('-')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1).toLowerCase())
    .join('-');
}

/** Headers as upstream's http.Header: canonical names, each value a list. */
export function canonicalHeaders(headers: Record<string, string | string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(headers)) {
    const name = canonicalHeaderName(k);
    out[name] = [...(out[name] ?? []), ...(Array.isArray(v) ? v : [v])];
  }
  return out;
}
