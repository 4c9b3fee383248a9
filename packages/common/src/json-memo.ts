// Results kept by the content of a JSON value, across requests: a publisher sends the same block
// (a floors model, bid adjustment rules) with every request, each time as freshly parsed objects.
// Keying by the value's JSON text costs a JSON.stringify, then a hash and a comparison of that text,
// per lookup (~10 µs for a 50-rule floors model); this compares the value with kept copies instead,
// each kept as a tape of its JSON (a walk that allocates nothing): first the scope's last few used,
// then those found by a cheap fingerprint of its first few nodes. A hit means the value is the same
// JSON as the kept copy — same keys in the same order, same array lengths, primitives `===` — so
// JSON.stringify would give the same text: results are the same as keying by text.
import { isSharedJsonBlock } from './json-repeated-blocks.js';

/** Entries per scope compared before the fingerprint (JsonMemo.recent). */
const RECENT = 2;

/** Preorder nodes the fingerprint reads (the rest of the value is compared, not fingerprinted). */
const FINGERPRINT_NODES = 24;

/**
 * A kept value's JSON in preorder: a primitive as itself; an array as ARRAY, its length, its items; an
 * object as OBJECT, its key count, then each key and its value. A fresh value is compared with it in
 * one walk that allocates nothing (`matchesTape`), where comparing two object trees needs each
 * object's keys and values as arrays: over a 50-rule floors model ~8 KB of them per lookup.
 */
export type JsonTape = readonly unknown[];

const ARRAY = Symbol('array');
const OBJECT = Symbol('object');

/** `o[key]` of an own property; a JSON `__proto__` key is an own data property, not the accessor. */
const own = (o: Record<string, unknown>, key: string): unknown =>
  key === '__proto__' ? Object.getOwnPropertyDescriptor(o, key)?.value : o[key];

function writeTape(value: unknown, tape: unknown[]): void {
  if (typeof value !== 'object' || value === null) {
    tape.push(value);
  } else if (Array.isArray(value)) {
    tape.push(ARRAY, value.length);
    for (const item of value) writeTape(item, tape);
  } else {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o);
    tape.push(OBJECT, keys.length);
    for (const key of keys) {
      tape.push(key);
      writeTape(own(o, key), tape);
    }
  }
}

/** The tape of `kept` (a JSON.parse result); throws RangeError when nested too deeply. */
export function jsonTape(kept: unknown): JsonTape {
  const tape: unknown[] = [];
  writeTape(kept, tape);
  return tape;
}

/**
 * Where `value` ends on the tape when it matches from `at` on; -1 when it does not. A primitive
 * member is compared in place (most of a model's nodes are numbers under a key): no call per leaf.
 */
function matchFrom(value: unknown, tape: JsonTape, at: number): number {
  const mark = tape[at];
  if (typeof value !== 'object' || value === null) return value === mark ? at + 1 : -1;
  if (Array.isArray(value)) {
    if (mark !== ARRAY || tape[at + 1] !== value.length) return -1;
    let i = at + 2;
    for (let j = 0; j < value.length && i >= 0; j++) {
      const item: unknown = value[j];
      if (typeof item === 'object' && item !== null) i = matchFrom(item, tape, i);
      else i = item === tape[i] ? i + 1 : -1;
    }
    return i;
  }
  if (mark !== OBJECT) return -1;
  const count = tape[at + 1] as number;
  const o = value as Record<string, unknown>;
  let i = at + 2;
  let seen = 0;
  // for-in also yields inherited enumerable keys: those make a mismatch, never a false match.
  for (const key in o) {
    if (seen === count || tape[i] !== key) return -1;
    const member = own(o, key);
    if (typeof member === 'object' && member !== null) {
      i = matchFrom(member, tape, i + 1);
      if (i < 0) return -1;
    } else if (member === tape[i + 1]) i += 2;
    else return -1;
    seen++;
  }
  return seen === count ? i : -1;
}

/**
 * True when `value` is the same JSON as the value the tape was made of — same keys in the same order,
 * same array lengths, primitives `===` — so JSON.stringify would give the same text. Inherited keys
 * of the tape's value are not on it, as JSON.stringify does not read them.
 */
export function matchesTape(value: unknown, tape: JsonTape): boolean {
  return matchFrom(value, tape, 0) === tape.length;
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

/** The tape of `source` when `value` is its own JSON (an undefined member, NaN: not); else undefined. */
function ownJsonTape(value: unknown, source: unknown): JsonTape | undefined {
  try {
    const tape = jsonTape(source);
    return matchesTape(value, tape) ? tape : undefined;
  } catch {
    return undefined; // nested too deep to walk
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
  /** The kept copy of the value, as a tape (what lookups compare with). */
  readonly tape: JsonTape;
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
  /**
   * The entries last found or kept per scope, newest first (at most RECENT): compared before any
   * fingerprint is taken. A publisher sends the same blocks request after request, so the value is
   * usually one of these; a different one mostly differs within its first few nodes.
   */
  private readonly recent = new Map<string, Entry<V>[]>();
  private entries = 0;
  private chars = 0;
  /**
   * Results by the identity of a shared block (json-repeated-blocks.ts: deep-frozen, so the same
   * object is the same JSON) and scope: no compare at all for a block parsed once for many bodies.
   */
  private readonly byShared = new WeakMap<object, Map<string, { result: V }>>();

  constructor(private readonly options: JsonMemoOptions<V>) {}

  kept(value: unknown, scope: string, compute: (copy: unknown) => V): V {
    if (!isSharedJsonBlock(value)) return this.byContent(value, scope, compute);
    let byScope = this.byShared.get(value as object);
    const known = byScope?.get(scope);
    if (known !== undefined) return known.result;
    const result = this.byContent(value, scope, compute);
    if (byScope === undefined)
      this.byShared.set(value as object, (byScope = new Map<string, { result: V }>()));
    byScope.set(scope, { result });
    return result;
  }

  private byContent(value: unknown, scope: string, compute: (copy: unknown) => V): V {
    let print: number;
    try {
      const recent = this.recent.get(scope);
      if (recent !== undefined) {
        for (const entry of recent) if (matchesTape(value, entry.tape)) return entry.result;
      }
      print = jsonFingerprint(value);
      const bucket = this.buckets.get(scope)?.get(print);
      if (bucket !== undefined) {
        for (const entry of bucket) if (matchesTape(value, entry.tape)) return this.used(scope, entry).result;
      }
    } catch {
      return compute(value); // nested too deep to walk: as without the memo
    }
    return this.miss(value, { scope, print }, compute);
  }

  /** Puts `entry` first among the scope's recent entries. */
  private used(scope: string, entry: Entry<V>): Entry<V> {
    const recent = this.recent.get(scope) ?? [];
    this.recent.set(scope, [entry, ...recent.filter((e) => e !== entry)].slice(0, RECENT));
    return entry;
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
    if (text.length > (this.options.maxValueChars ?? Infinity)) return result;
    const tape = ownJsonTape(value, JSON.parse(text) as unknown);
    if (tape === undefined) return result;
    if (this.entries >= this.options.maxEntries || this.chars + text.length > this.options.maxChars) {
      this.buckets.clear();
      this.recent.clear();
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
      const recent = this.recent.get(at.scope)?.filter((e) => e !== dropped);
      if (recent !== undefined) this.recent.set(at.scope, recent);
    }
    const entry: Entry<V> = { tape, result, chars: text.length };
    bucket.push(entry);
    this.entries++;
    this.chars += text.length;
    return this.used(at.scope, entry).result;
  }
}
