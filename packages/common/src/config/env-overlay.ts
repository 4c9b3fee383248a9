// The environment layer of the config loader: one variable per schema leaf (prefix + key path),
// typed by the leaf's schema; a map, list or union that is not valid JSON is a problem naming the
// variable, and a prefixed variable that maps to no key is reported (issue 23).
import type { TSchema } from '@sinclair/typebox';
import { envNameFor, listLeaves } from './schema-walk.js';

export interface EnvOverlay {
  /** The values to merge over the files, by key path. */
  values: Record<string, unknown>;
  problems: string[];
  /** Prefixed variables that set no key (misspelled?), one line each. */
  unknown: string[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1] as string] = value;
}

function typesOf(schema: TSchema): string[] {
  const type = schema['type'] as string | string[] | undefined;
  return Array.isArray(type) ? type : type ? [type] : [];
}

/** Whether a plain (non-JSON) string is a value this schema may take. */
function acceptsString(schema: TSchema): boolean {
  if (typesOf(schema).includes('string') || typeof schema['const'] === 'string') return true;
  if (Array.isArray(schema['enum']) && (schema['enum'] as unknown[]).some((v) => typeof v === 'string'))
    return true;
  return Array.isArray(schema['anyOf']) && (schema['anyOf'] as TSchema[]).some(acceptsString);
}

type Parsed = { value: unknown } | { problem: string };

function parseEnvValue(name: string, raw: string, schema: TSchema): Parsed {
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) {
    const n = Number(raw);
    return { value: raw.trim() !== '' && Number.isFinite(n) ? n : raw };
  }
  if (types.includes('boolean')) {
    if (/^(true|1|yes)$/i.test(raw)) return { value: true };
    if (/^(false|0|no)$/i.test(raw)) return { value: false };
    return { value: raw };
  }
  if (types.includes('string') && types.length === 1) return { value: raw };
  // arrays, maps and unions are given as JSON
  try {
    return { value: JSON.parse(raw) as unknown };
  } catch (err) {
    if (acceptsString(schema)) return { value: raw };
    return { problem: `${name}: not valid JSON (${(err as Error).message.split('\n')[0]})` };
  }
}

/** Edit distance, for "did you mean" on a misspelled variable. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 4;
  for (const k of known) {
    const d = distance(name, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

export interface EnvOverlayOptions {
  env: Readonly<Record<string, string | undefined>>;
  envPrefix: string;
  /** Variables under the prefix that are not config keys: exact names, or prefixes ending in `_`. */
  ignoreEnv?: readonly string[];
}

export function envOverlay(schema: TSchema, o: EnvOverlayOptions): EnvOverlay {
  const out: EnvOverlay = { values: {}, problems: [], unknown: [] };
  const known = new Set<string>();
  for (const leaf of listLeaves(schema)) {
    const name = envNameFor(o.envPrefix, leaf.path, leaf.schema);
    known.add(name);
    const raw = o.env[name];
    if (raw === undefined) continue;
    const parsed = parseEnvValue(name, raw, leaf.schema);
    if ('problem' in parsed) out.problems.push(parsed.problem);
    else setPath(out.values, leaf.path, parsed.value);
  }
  const ignored = (n: string) =>
    (o.ignoreEnv ?? []).some((i) => (i.endsWith('_') ? n.startsWith(i) : n === i));
  const names = [...known];
  for (const name of Object.keys(o.env).sort()) {
    if (!name.startsWith(o.envPrefix) || known.has(name) || ignored(name)) continue;
    const guess = closest(name, names);
    out.unknown.push(`${name}: no config key of this name${guess ? ` (did you mean ${guess}?)` : ''}`);
  }
  return out;
}
