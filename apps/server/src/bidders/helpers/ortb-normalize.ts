// Reproduces the upstream typed decode → encode of OpenRTB objects (see ortb-schema.ts): keys matched
// case-insensitively, unknown keys dropped, zero values of non-pointer fields omitted. Hand-written:
// no library models Go's encoding/json struct semantics. The input is never modified; parts that are
// already canonical are shared with the result.
import { ORTB_SCHEMA, type FieldKind } from './ortb-schema.js';

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A field of the table, its kind parsed once (the hot path runs per bid of every bidder response). */
interface Field {
  name: string;
  kind: FieldKind;
  /** Element/object type of `{T}` / `[T]` kinds. */
  type?: string;
  /** `[T]!`: written as null when absent. */
  always: boolean;
  /** Written even when absent (`S`, `N`, `A`, `[T]!`): an object lacking it is not canonical. */
  required: boolean;
}

interface CompiledType {
  fields: readonly Field[];
  /** Field by exact name (the canonical check walks the object's own keys). */
  byName: ReadonlyMap<string, Field>;
  /** How many fields are `required`. */
  requiredCount: number;
  /** Own field names, exact case. */
  exact: ReadonlySet<string>;
  /** Lower-cased name → field name (the decoder matches keys case-insensitively). */
  lower: ReadonlyMap<string, string>;
}

function compile(fields: Readonly<Record<string, FieldKind>>): CompiledType {
  const list = Object.entries(fields).map(([name, kind]): Field => {
    const always = kind.endsWith('!');
    const nested = kind.startsWith('{') || kind.startsWith('[');
    const field: Field = { name, kind, always, required: false };
    if (nested) field.type = kind.slice(1, always ? -2 : -1);
    field.required = encodeField(field, undefined) !== undefined;
    return field;
  });
  return {
    fields: list,
    byName: new Map(list.map((f) => [f.name, f])),
    requiredCount: list.filter((f) => f.required).length,
    exact: new Set(Object.keys(fields)),
    lower: new Map(Object.keys(fields).map((f) => [f.toLowerCase(), f])),
  };
}

const COMPILED = new Map<string, CompiledType>(
  Object.entries(ORTB_SCHEMA).map(([type, fields]) => [type, compile(fields)]),
);

function isZero(v: unknown): boolean {
  return v === undefined || v === null || v === 0 || v === '' || v === false;
}

function encodeField(f: Field, v: unknown): unknown {
  switch (f.kind) {
    case 'o':
      return isZero(v) ? undefined : v;
    case 'p':
      return v === null ? undefined : v;
    case 'a':
      return Array.isArray(v) && v.length === 0 ? undefined : (v ?? undefined);
    case 'x':
      return v;
    case 'S':
      return v ?? '';
    case 'N':
      return v ?? 0;
    case 'A':
      return v === undefined ? null : v;
  }
  const type = f.type!;
  if (f.kind.startsWith('{')) return isObject(v) ? normalizeOrtb(v, type) : (v ?? undefined);
  if (v === undefined || v === null) return f.always ? null : undefined;
  if (!Array.isArray(v)) return v;
  if (v.length === 0 && !f.always) return undefined;
  let copy: unknown[] | undefined;
  for (let i = 0; i < v.length; i++) {
    const item: unknown = v[i];
    const encoded = isObject(item) ? normalizeOrtb(item, type) : item;
    if (encoded !== item && !copy) copy = v.slice(0, i);
    copy?.push(encoded);
  }
  return copy ?? v;
}

/** Keys matched to field names; the object itself when every key already is one (the usual case). */
function decode(value: Json, t: CompiledType): Json {
  let exact = true;
  for (const key in value) {
    if (!t.exact.has(key)) {
      exact = false;
      break;
    }
  }
  if (exact) return value;
  const decoded: Json = {};
  for (const key of Object.keys(value)) {
    const name = t.exact.has(key) ? key : t.lower.get(key.toLowerCase());
    if (name !== undefined) decoded[name] = value[key];
  }
  return decoded;
}

/**
 * The object as the upstream server would re-serialise it after decoding it as OpenRTB type `type`.
 * When nothing would change (every key a field name, no zero value to omit, no default to add,
 * nested values already canonical) the input itself is returned: a bidder's usual answer is already
 * canonical, and copying every bid of every answer was most of this function's cost.
 */
export function normalizeOrtb<T = Json>(value: unknown, type: string): T {
  const t = COMPILED.get(type);
  if (!t || !isObject(value)) return value as T;
  if (isCanonical(value, t)) return value as T;
  const decoded = decode(value, t);
  let unchanged = decoded === value;
  let written = 0;
  let emptied: string[] | undefined;
  const encodedValues: unknown[] = new Array<unknown>(t.fields.length);
  for (let i = 0; i < t.fields.length; i++) {
    const f = t.fields[i]!;
    const v = decoded[f.name];
    const encoded = encodeField(f, v);
    encodedValues[i] = encoded;
    if (encoded !== undefined) written++;
    if (encoded !== v) {
      unchanged = false;
      if (encoded === undefined && Array.isArray(v)) (emptied ??= []).push(f.name);
    }
  }
  // Same values, and no key dropped (a key whose value is undefined cannot come from JSON).
  if (unchanged && written === ownKeyCount(value)) return value as T;
  const out: Json = {};
  for (let i = 0; i < t.fields.length; i++) {
    if (encodedValues[i] !== undefined) out[t.fields[i]!.name] = encodedValues[i];
  }
  if (emptied) EMPTIED_ARRAYS.set(out, emptied);
  return out as T;
}

/**
 * Whether re-encoding would give `value` back (the usual bidder answer), checked over its own keys
 * and the always-written fields only — not over every field of the type, most of them absent.
 */
function isCanonical(value: Json, t: CompiledType): boolean {
  // for…in without a hasOwn per key: `value[key]` of the loop's own key is a load by field index
  // from V8's enum cache, where a load by any other key is a megamorphic lookup (~125 instructions,
  // ~100 per auction). An enumerable key inherited from a polluted prototype is read as decode()
  // and the encoder read it anyway; a JSON object has none. The required fields are counted on
  // the way (keys are unique): all of them present exactly when the count reaches the type's.
  let required = 0;
  for (const key in value) {
    const f = t.byName.get(key);
    if (f === undefined) return false;
    const v = value[key];
    if (v === undefined || encodeField(f, v) !== v) return false;
    if (f.required) required++;
  }
  return required === t.requiredCount;
}

/** Own enumerable keys of a JSON object, counted without the array Object.keys would allocate. */
function ownKeyCount(value: Json): number {
  let n = 0;
  for (const key in value) if (Object.hasOwn(value, key)) n++;
  return n;
}

/** Per normalised object, the array fields that were given empty (and so left out of it). */
const EMPTIED_ARRAYS = new WeakMap<object, string[]>();

/**
 * Whether `field` of a normalised object was given as an empty array (omitted on re-encoding, but
 * an empty rather than absent list to the upstream decoder, which some bidders tell apart).
 */
export function hadEmptyArray(normalized: object, field: string): boolean {
  return EMPTIED_ARRAYS.get(normalized)?.includes(field) ?? false;
}
