// Shallow copies that V8 can give a shared hidden class.
//
// On Node 20 (V8 11.3) an object literal that starts with a spread and then gets more properties —
// `{ ...base, x }`, `{ ...base, ...more }`, or `const o = { ...base }; o.x = 1` — is cloned onto a
// hidden class outside V8's transition tree, so every added property makes a brand-new map and
// descriptor array, allocated in old space, on every call. Measured (docs/performance.md "Hidden
// classes"): ~2.3 µs against ~0.4 µs per copy, tens of such copies per auction, ~9 KB of old-space
// garbage per auction that only a mark-compact frees, and call sites that never see the same map
// twice. Object.assign onto a fresh `{}` follows the ordinary transitions and reuses them.
// A plain `{ ...base }` with nothing added afterwards is fine (and the fastest copy), and so is a
// spread that only replaces keys `base` already has (`'ext' in b ? { ...b, ext } : withProps(b, { ext })`):
// the clone keeps V8's fast path and its map is shared. That holds at a call site that sees a few
// shapes only; these helpers are one site for every caller, where V8 gives up on the fast clone and
// Object.assign is the cheaper copy (docs/performance.md "Copies by call site").

/**
 * Object.assign would run the `__proto__` setter for an own `__proto__` key (JSON.parse makes one
 * from `{"__proto__": …}`) and change the copy's prototype; a spread defines it as a plain key.
 */
const hasProtoKey = (o: object | undefined | null): boolean => o != null && Object.hasOwn(o, '__proto__');

/**
 * `{ ...base, ...a, ...b, ...c }`: a shallow copy of `base` with the extras' own enumerable
 * properties set over it, in the same key order as the spread. `base` may be absent (an empty copy);
 * absent extras are skipped. Typed as an intersection (OpenRTB types have index signatures, which
 * `Omit` would erase): give the extras values of the types `base` declares for those keys.
 */
export function withProps<T extends object, A extends object>(base: T | undefined | null, a: A): T & A;
export function withProps<T extends object, A extends object, B extends object>(
  base: T | undefined | null,
  a: A,
  b: B,
): T & A & B;
export function withProps<T extends object, A extends object, B extends object, C extends object>(
  base: T | undefined | null,
  a: A,
  b: B,
  c: C,
): T & A & B & C;
export function withProps(base: object | undefined | null, a: object, b?: object, c?: object): object {
  if (hasProtoKey(base) || hasProtoKey(a) || hasProtoKey(b) || hasProtoKey(c)) {
    const spread: object = { ...base, ...a, ...b, ...c };
    return spread;
  }
  // Two calls: TypeScript types Object.assign with at most three sources.
  const copy: object = Object.assign({}, base, a, b);
  return c === undefined ? copy : Object.assign(copy, c);
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
