// Shallow copies that V8 can give a shared hidden class.
//
// On Node 20 (V8 11.3) an object literal that starts with a spread and then gets more properties —
// `{ ...base, x }`, `{ ...base, ...more }`, or `const o = { ...base }; o.x = 1` — is cloned onto a
// hidden class outside V8's transition tree, so every added property makes a brand-new map and
// descriptor array, allocated in old space, on every call. Measured (docs/performance.md "Hidden
// classes"): ~2.3 µs against ~0.4 µs per copy, tens of such copies per auction, ~9 KB of old-space
// garbage per auction that only a mark-compact frees, and call sites that never see the same map
// twice. Object.assign onto a fresh `{}` follows the ordinary transitions and reuses them.
// A plain `{ ...base }` with nothing added afterwards is fine (and the fastest copy).

/**
 * Object.assign would run the `__proto__` setter for an own `__proto__` key (JSON.parse makes one
 * from `{"__proto__": …}`) and change the copy's prototype; a spread defines it as a plain key.
 */
const hasProtoKey = (o: object | undefined | null): boolean => o != null && Object.hasOwn(o, '__proto__');

/**
 * `{ ...base, ...extra }`: a shallow copy of `base` with `extra`'s own enumerable properties set
 * over it, in the same key order as the spread. `base` may be absent (an empty copy). Typed as
 * `T & U` (OpenRTB types have index signatures, which `Omit` would erase): give `extra` values of
 * the types `base` declares for those keys.
 */
export function withProps<T extends object, U extends object>(base: T | undefined | null, extra: U): T & U {
  if (hasProtoKey(base) || hasProtoKey(extra)) return { ...base, ...extra } as T & U;
  const copy: T & U = Object.assign({}, base, extra);
  return copy;
}

/**
 * `{ ...base }` for a copy that will get more properties afterwards (`copy.x = …`); a copy that
 * stays as it is can use the spread.
 */
export function copyForWrite<T extends object>(base: T | undefined | null): T {
  if (hasProtoKey(base)) return { ...base } as T;
  const copy: T = Object.assign({}, base);
  return copy;
}

/**
 * A shallow copy of `base` without `keys` (own enumerable string keys, in order): what
 * `const o = { ...base }; delete o.k` means, without `delete`, which turns the copy into a
 * dictionary-mode object (slow to read, clone and serialise).
 */
export function omitKeys<T extends object>(base: T, keys: readonly string[]): T {
  const out: Record<string, unknown> = {};
  const from = base as Record<string, unknown>;
  for (const key of Object.keys(from)) {
    if (!keys.includes(key)) setOwn(out, key, from[key]);
  }
  return out as T;
}

/** `target[key] = value`, except that a `__proto__` key becomes a plain property, as JSON means it. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else target[key] = value;
}
