// Mutations of a valid request: at a path of a JSON body (drop, replace with a hostile value, add
// an unknown key), of the body text (bad JSON, wrong or missing content type, false gzip), or of
// query parameters (drop, hostile value, repeat, unknown). Each case says which field it touched,
// so a 4xx answer can be checked for naming it.
import fc from 'fast-check';
import { DEEP_MARKER, hostileParam, hostileValue, pct, type Hostile } from './values.js';

export type Path = readonly (string | number)[];

/** One request to send, with what was done to the valid one. */
export interface FuzzCase {
  target: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
  mutation: string;
  /** Words one of which a 4xx message should contain (compared without case and punctuation). */
  names: string[];
}

export interface JsonTarget {
  name: string;
  url: string;
  body: unknown;
  headers?: Record<string, string>;
}

export interface QueryTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  params: Record<string, string>;
  /** Parameters worth setting that the valid request leaves out. */
  extraParams?: readonly string[];
  /** Where the parameters go: the URL, or an x-www-form-urlencoded body. */
  in?: 'url' | 'form';
  headers?: Record<string, string>;
  payload?: string;
}

/** Every path in a JSON document, containers included (the root excluded). */
export function pathsOf(doc: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(doc)) {
    doc.forEach((v, i) => out.push([...prefix, i], ...pathsOf(v, [...prefix, i])));
  } else if (doc !== null && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) out.push([...prefix, k], ...pathsOf(v, [...prefix, k]));
  }
  return out;
}

/** The field a path names: its last key (for an array item, the array's key). */
export function fieldOf(path: Path): string {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return 'body';
}

export const showPath = (path: Path) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

type Edit = { op: 'drop' } | { op: 'set'; value: unknown };

/** A deep copy of doc with the edit applied at path. */
export function applyAt(doc: unknown, path: Path, edit: Edit): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (edit.op === 'set') node[last] = edit.value;
  else if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
  else delete node[last];
  return copy;
}

function serialise(doc: unknown, hostile?: Hostile): string {
  const text = JSON.stringify(doc);
  return hostile?.raw ? text.replace(JSON.stringify(DEEP_MARKER), hostile.raw) : text;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function pathCases(t: JsonTarget): fc.Arbitrary<FuzzCase> {
  const paths = pathsOf(t.body);
  const base = (payload: string, mutation: string, names: string[]): FuzzCase => ({
    target: t.name,
    method: 'POST',
    url: t.url,
    headers: Object.assign({}, JSON_HEADERS, t.headers),
    payload,
    mutation,
    names,
  });
  const drop = fc.constantFrom(...paths).map((p) =>
    // A dropped key may be reported on its container ("bidder must contain at least one bidder").
    base(serialise(applyAt(t.body, p, { op: 'drop' })), `drop ${showPath(p)}`, [
      fieldOf(p),
      fieldOf(p.slice(0, -1)),
    ]),
  );
  const set = fc.tuple(fc.constantFrom(...paths), hostileValue).map(([p, h]) => {
    const doc = applyAt(t.body, p, { op: 'set', value: h.value });
    // A value may be reported on its container ("puts[0].value exceeded max size").
    return base(serialise(doc, h), `${showPath(p)} = ${h.label}`, [fieldOf(p), fieldOf(p.slice(0, -1))]);
  });
  const objects = [[], ...paths].filter((p) => isPlainObject(valueAt(t.body, p)));
  const add = fc
    .tuple(fc.constantFrom(...objects), fc.string({ maxLength: 12 }), hostileValue)
    .map(([p, key, h]) => {
      const doc = applyAt(t.body, [...p, key], { op: 'set', value: h.value });
      return base(serialise(doc, h), `add ${showPath([...p, key]) || key} = ${h.label}`, [
        key || 'body',
        fieldOf(p),
      ]);
    });
  return fc.oneof(
    { arbitrary: set, weight: 5 },
    { arbitrary: drop, weight: 2 },
    { arbitrary: add, weight: 1 },
  );
}

function isPlainObject(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function valueAt(doc: unknown, path: Path): unknown {
  let node = doc as Record<string | number, unknown> | undefined;
  for (const key of path) node = node?.[key] as Record<string | number, unknown> | undefined;
  return node;
}

const BAD_JSON_NAMES = ['json', 'body', 'pars', 'decod', 'expect', 'unexpected', 'syntax', 'invalid'];
const CONTENT_TYPE_NAMES = ['content-type', 'content type', 'media type', 'json', 'body', 'unsupported'];

/**
 * What an answer to garbled text may name: a parse error, or, when the insertion landed inside a
 * string and the text is still JSON (a "*" bidders value with // appended), the field it changed.
 */
function garbledNames(original: unknown, payload: string): string[] {
  let doc: unknown;
  try {
    doc = JSON.parse(payload);
  } catch {
    return BAD_JSON_NAMES;
  }
  const changed = firstChange(original, doc, []);
  return changed ? [...BAD_JSON_NAMES, fieldOf(changed)] : BAD_JSON_NAMES;
}

/** The first path where two JSON documents differ (undefined when equal). */
function firstChange(a: unknown, b: unknown, at: Path): Path | undefined {
  if (a === b) return undefined;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return at;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
    const key: string | number = Array.isArray(a) ? Number(k) : k;
    const found = firstChange(ao[k], bo[k], [...at, key]);
    if (found) return found;
  }
  return undefined;
}

/** Body-level damage: broken JSON text, other content types, a gzip header on plain text. */
function bodyCases(t: JsonTarget): fc.Arbitrary<FuzzCase> {
  const text = JSON.stringify(t.body);
  const base = (c: Partial<FuzzCase> & { mutation: string; names: string[] }): FuzzCase =>
    Object.assign(
      {
        target: t.name,
        method: 'POST' as const,
        url: t.url,
        headers: Object.assign({}, JSON_HEADERS, t.headers),
        payload: text,
      },
      c,
    );
  const truncated = fc
    .integer({ min: 0, max: Math.max(0, text.length - 1) })
    .map((n) => base({ payload: text.slice(0, n), mutation: `JSON cut at ${n}`, names: BAD_JSON_NAMES }));
  const garbled = fc
    .tuple(
      fc.integer({ min: 0, max: text.length }),
      fc.constantFrom('}', '{', ',', '"', ']', 'NaN', '\\', '\u0000', '//'),
    )
    .map(([at, g]) =>
      base({
        payload: text.slice(0, at) + g + text.slice(at),
        mutation: `'${g}' inserted at ${at}`,
        names: garbledNames(t.body, text.slice(0, at) + g + text.slice(at)),
      }),
    );
  const notJson = fc
    .oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', 'null', '[]', '"x"', '1', 'true', '[{}]'))
    .map((p) =>
      base({ payload: p, mutation: `body ${JSON.stringify(p).slice(0, 40)}`, names: BAD_JSON_NAMES }),
    );
  const ctypes = fc
    .constantFrom(
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'text/plain',
      'application/json; charset=utf-16',
      'image/png',
      ';;;',
      '',
    )
    .map((ct) =>
      base({
        headers: Object.assign({}, t.headers, ct ? { 'content-type': ct } : {}),
        mutation: `content-type '${ct}'`,
        names: CONTENT_TYPE_NAMES,
      }),
    );
  const falseGzip = fc.constant(
    base({
      headers: Object.assign({}, JSON_HEADERS, t.headers, { 'content-encoding': 'gzip' }),
      mutation: 'content-encoding gzip, plain body',
      names: ['gzip', 'encod', 'body', 'decompress', 'inflat', 'header'],
    }),
  );
  return fc.oneof(truncated, garbled, notJson, ctypes, falseGzip);
}

export function jsonCases(t: JsonTarget): fc.Arbitrary<FuzzCase> {
  return fc.oneof({ arbitrary: pathCases(t), weight: 4 }, { arbitrary: bodyCases(t), weight: 1 });
}

function encode(params: readonly (readonly [string, string, boolean])[]): string {
  return params.map(([k, v, raw]) => `${pct(k)}=${raw ? v : pct(v)}`).join('&');
}

/** Query (or form) parameter mutations: drop one, a hostile value, repeated, unknown. */
export function queryCases(t: QueryTarget): fc.Arbitrary<FuzzCase> {
  const valid = Object.entries(t.params).map(([k, v]) => [k, v, false] as const);
  const names = [...Object.keys(t.params), ...(t.extraParams ?? [])];
  const build = (
    params: (readonly [string, string, boolean])[],
    mutation: string,
    field: string,
  ): FuzzCase => {
    const qs = encode(params);
    const form = t.in === 'form';
    const headers = Object.assign(
      {},
      t.headers,
      form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    );
    const url = form || qs === '' ? t.path : `${t.path}${t.path.includes('?') ? '&' : '?'}${qs}`;
    const payload = form ? qs : t.payload;
    return Object.assign(
      { target: t.name, method: t.method, url, headers, mutation, names: [field] },
      payload !== undefined ? { payload } : {},
    );
  };
  const keys = Object.keys(t.params);
  const drop = fc.constantFrom(...(keys.length > 0 ? keys : names)).map((k) =>
    build(
      valid.filter(([n]) => n !== k),
      `drop ${k}`,
      k,
    ),
  );
  const set = fc
    .tuple(fc.constantFrom(...names), hostileParam)
    .map(([k, h]) => build([...valid.filter(([n]) => n !== k), [k, h.text, h.raw]], `${k} = ${h.label}`, k));
  const repeat = fc
    .tuple(fc.constantFrom(...names), hostileParam)
    .map(([k, h]) => build([...valid, [k, h.text, h.raw]], `${k} repeated (+ ${h.label})`, k));
  const unknown = fc
    .tuple(fc.string({ minLength: 1, maxLength: 10 }), hostileParam)
    .map(([k, h]) => build([...valid, [k, h.text, h.raw]], `unknown param = ${h.label}`, k));
  return fc.oneof({ arbitrary: set, weight: 5 }, { arbitrary: drop, weight: 2 }, repeat, unknown);
}
