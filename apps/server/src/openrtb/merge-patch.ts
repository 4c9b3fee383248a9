// RFC 7386 JSON merge patch, used for stored requests/imps and host default requests (notes §16).
// Hand-written (~20 lines): the `json-merge-patch` package mutates its target, and callers here
// must never mutate cached stored data or the incoming request.
import { copyForWrite, omitKeys, setOwn } from '@gavel/common';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Returns `target` patched by `patch` (RFC 7386 §2). Neither input is modified; subtrees the
 * patch does not touch are shared with `target` (treat the result as read-only).
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const base = isPlainObject(target) ? target : {};
  // Removed keys are left out of the copy rather than `delete`d from it (@gavel/common objects.ts).
  const removed = Object.keys(patch).filter((key) => patch[key] === null);
  const out: Record<string, unknown> = removed.length ? omitKeys(base, removed) : copyForWrite(base);
  for (const key of Object.keys(patch)) {
    const value = patch[key];
    if (value !== null) setOwn(out, key, isPlainObject(value) ? applyMergePatch(base[key], value) : value);
  }
  return out;
}
