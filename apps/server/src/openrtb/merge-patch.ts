// RFC 7386 JSON merge patch, used for stored requests/imps and host default requests (notes §16).
// Hand-written (~20 lines): the `json-merge-patch` package mutates its target, and callers here
// must never mutate cached stored data or the incoming request.

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
  const out: Record<string, unknown> = { ...base };
  for (const key of Object.keys(patch)) {
    const value = patch[key];
    if (value === null) delete out[key];
    else out[key] = isPlainObject(value) ? applyMergePatch(base[key], value) : value;
  }
  return out;
}
