// Reproduces the upstream typed decode → encode of OpenRTB objects (see ortb-schema.ts): keys matched
// case-insensitively, unknown keys dropped, zero values of non-pointer fields omitted. Hand-written:
// no library models Go's encoding/json struct semantics. Returns a new value; the input is untouched.
import { ORTB_SCHEMA, type FieldKind } from './ortb-schema.js';

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const lowerIndex = new Map<string, ReadonlyMap<string, string>>(
  Object.entries(ORTB_SCHEMA).map(([type, fields]) => [
    type,
    new Map(Object.keys(fields).map((f) => [f.toLowerCase(), f])),
  ]),
);

function isZero(v: unknown): boolean {
  return v === undefined || v === null || v === 0 || v === '' || v === false;
}

function encodeField(kind: FieldKind, v: unknown): unknown {
  switch (kind) {
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
  const always = kind.endsWith('!');
  const type = kind.slice(1, always ? -2 : -1);
  if (kind.startsWith('{')) return isObject(v) ? normalizeOrtb(v, type) : (v ?? undefined);
  if (v === undefined || v === null) return always ? null : undefined;
  if (!Array.isArray(v)) return v;
  if (v.length === 0 && !always) return undefined;
  return v.map((item: unknown) => (isObject(item) ? normalizeOrtb(item, type) : item));
}

/** The object as the upstream server would re-serialise it after decoding it as OpenRTB type `type`. */
export function normalizeOrtb<T = Json>(value: unknown, type: string): T {
  const fields = ORTB_SCHEMA[type];
  const lower = lowerIndex.get(type);
  if (!fields || !lower || !isObject(value)) return value as T;
  const decoded: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const name = key in fields ? key : lower.get(key.toLowerCase());
    if (name !== undefined) decoded[name] = v;
  }
  const out: Json = {};
  for (const [name, kind] of Object.entries(fields)) {
    const encoded = encodeField(kind, decoded[name]);
    if (encoded !== undefined) out[name] = encoded;
  }
  return out as T;
}
