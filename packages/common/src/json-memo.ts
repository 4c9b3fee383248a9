// Results kept by the content of a JSON value, across requests: a publisher sends the same block
// (a floors model, bid adjustment rules) with every request, each time as freshly parsed objects.
// Keying by the value's JSON text costs a JSON.stringify, then a hash and a comparison of that text,
// per lookup (~10 µs for a 50-rule floors model); this compares the value with kept frozen copies
// instead, found by a cheap fingerprint of its first few nodes (~1.5 µs). A hit means the value is
// the same JSON as the kept copy — same keys in the same order, same array lengths, primitives `===`
// — so JSON.stringify would give the same text: results are the same as keying by text.

/** Preorder nodes the fingerprint reads (the rest of the value is compared, not fingerprinted). */
const FINGERPRINT_NODES = 24;

/** True when `value` is the same JSON as `kept` (a JSON.parse result): see the file comment. */
export function sameJson(value: unknown, kept: unknown): boolean {
  if (value === kept) return true;
  if (typeof value !== 'object' || typeof kept !== 'object' || value === null || kept === null) return false;
  if (Array.isArray(value)) {
    if (!Array.isArray(kept) || value.length !== kept.length) return false;
    for (let i = 0; i < value.length; i++) if (!sameJson(value[i], kept[i])) return false;
    return true;
  }
  if (Array.isArray(kept)) return false;
  const keys = Object.keys(kept);
  const a = value as Record<string, unknown>;
  const b = kept as Record<string, unknown>;
  let i = 0;
  // for-in allocates no key array; an inherited enumerable key runs past `keys` and fails the match.
  for (const k in a) {
    if (k !== keys[i++] || !sameJson(a[k], b[k])) return false;
  }
  return i === keys.length;
}

/**
 * A number from the first FINGERPRINT_NODES nodes of `value` in preorder: sizes, key and string
 * lengths with their first and last characters, numbers and booleans. Cheap, not collision-free:
 * it only picks which kept values to compare with.
 */
export function jsonFingerprint(value: unknown): number {
  left = FINGERPRINT_NODES;
  return fingerprintOf(value, 17);
}

/** Nodes the fingerprint walk in progress may still read (one walk at a time: it is synchronous). */
let left = 0;

const mix = (h: number, x: number): number => Math.imul(h ^ x, 0x01000193);

function stringBits(s: string): number {
  return s.length === 0 ? 0 : (s.length << 16) ^ (s.charCodeAt(0) << 8) ^ s.charCodeAt(s.length - 1);
}

function fingerprintOf(value: unknown, hash: number): number {
  if (left-- <= 0) return hash;
  if (typeof value === 'string') return mix(hash, stringBits(value));
  if (typeof value === 'number') return mix(hash, Math.trunc(value * 1000) | 0);
  if (typeof value !== 'object' || value === null)
    return mix(hash, value === true ? 1 : value === false ? 2 : 3);
  let h = hash;
  if (Array.isArray(value)) {
    h = mix(h, value.length + 11);
    for (let i = 0; i < value.length && left > 0; i++) h = fingerprintOf(value[i], h);
    return h;
  }
  const o = value as Record<string, unknown>;
  h = mix(h, 7);
  for (const k in o) {
    if (left <= 0) break;
    h = fingerprintOf(o[k], mix(h, stringBits(k)));
  }
  return h;
}

/** A value that is not its own JSON (an undefined member, NaN) would never match what is kept. */
function isOwnJson(value: unknown, source: unknown): boolean {
  try {
    return sameJson(value, source);
  } catch {
    return false; // nested too deep to walk
  }
}

export interface JsonMemoOptions<V> {
  /** Values kept at most; then everything kept is dropped and it starts over. */
  maxEntries: number;
  /** JSON text kept at most, in UTF-16 units (the sum of the kept values' text lengths); as above. */
  maxChars: number;
  /** A value whose text is longer is computed every time, never kept. */
  maxValueChars?: number;
  /** Values kept per scope and fingerprint (the oldest goes first); default 4. */
  perBucket?: number;
  /**
   * Applied to each result computed from a copy (deepFreeze, say), never to one computed from the
   * caller's own value (a value that is not JSON, or nested too deeply to walk).
   */
  keep?: (result: V) => V;
}

interface Entry<V> {
  readonly source: unknown;
  readonly result: V;
  readonly chars: number;
}

/**
 * `compute(value)` kept by the JSON content of `value` within a `scope` (a string that is part of
 * what the result depends on, such as a path that appears in its messages). What is kept was
 * computed from a JSON copy of the value, so it shares no object with a request.
 */
export class JsonMemo<V> {
  private readonly buckets = new Map<string, Map<number, Entry<V>[]>>();
  private entries = 0;
  private chars = 0;

  constructor(private readonly options: JsonMemoOptions<V>) {}

  kept(value: unknown, scope: string, compute: (copy: unknown) => V): V {
    let print: number;
    try {
      print = jsonFingerprint(value);
      const bucket = this.buckets.get(scope)?.get(print);
      if (bucket !== undefined) {
        for (const entry of bucket) if (sameJson(value, entry.source)) return entry.result;
      }
    } catch {
      return compute(value); // nested too deep to walk: as without the memo
    }
    return this.miss(value, { scope, print }, compute);
  }

  private miss(value: unknown, at: { scope: string; print: number }, compute: (copy: unknown) => V): V {
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch {
      return compute(value); // a cycle, a BigInt: not JSON, computed as it is
    }
    if (text === undefined) return compute(value);
    const computed = compute(JSON.parse(text) as unknown);
    const result = this.options.keep ? this.options.keep(computed) : computed;
    const source = JSON.parse(text) as unknown;
    if (text.length > (this.options.maxValueChars ?? Infinity) || !isOwnJson(value, source)) return result;
    if (this.entries >= this.options.maxEntries || this.chars + text.length > this.options.maxChars) {
      this.buckets.clear();
      this.entries = 0;
      this.chars = 0;
    }
    let byPrint = this.buckets.get(at.scope);
    if (byPrint === undefined) this.buckets.set(at.scope, (byPrint = new Map<number, Entry<V>[]>()));
    let bucket = byPrint.get(at.print);
    if (bucket === undefined) byPrint.set(at.print, (bucket = []));
    if (bucket.length >= (this.options.perBucket ?? 4)) {
      const dropped = bucket.shift() as Entry<V>;
      this.entries--;
      this.chars -= dropped.chars;
    }
    bucket.push({ source, result, chars: text.length });
    this.entries++;
    this.chars += text.length;
    return result;
  }
}
