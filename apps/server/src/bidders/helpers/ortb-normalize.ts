// Reproduces the upstream typed decode → encode of OpenRTB objects (see ortb-schema.ts): keys matched
// case-insensitively, unknown keys dropped, zero values of non-pointer fields omitted. Hand-written:
// no library models Go's encoding/json struct semantics. Returns a new value; the input is untouched.
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
}

interface CompiledType {
  fields: readonly Field[];
  /** Own field names, exact case. */
  exact: ReadonlySet<string>;
  /** Lower-cased name → field name (the decoder matches keys case-insensitively). */
  lower: ReadonlyMap<string, string>;
}

function compile(fields: Readonly<Record<string, FieldKind>>): CompiledType {
  const list = Object.entries(fields).map(([name, kind]): Field => {
    const always = kind.endsWith('!');
    const nested = kind.startsWith('{') || kind.startsWith('[');
    return { name, kind, always, ...(nested ? { type: kind.slice(1, always ? -2 : -1) } : {}) };
  });
  return {
    fields: list,
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
  return v.map((item: unknown) => (isObject(item) ? normalizeOrtb(item, type) : item));
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

/** The object as the upstream server would re-serialise it after decoding it as OpenRTB type `type`. */
export function normalizeOrtb<T = Json>(value: unknown, type: string): T {
  const t = COMPILED.get(type);
  if (!t || !isObject(value)) return value as T;
  const decoded = decode(value, t);
  const out: Json = {};
  for (const f of t.fields) {
    const encoded = encodeField(f, decoded[f.name]);
    if (encoded !== undefined) out[f.name] = encoded;
  }
  return out as T;
}
