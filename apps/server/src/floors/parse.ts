// Reading `ext.<ns>.floors` and fetched floors data from untrusted JSON into the typed shapes.
// Keys match as upstream's Go decoder does: exact name first, else case-insensitively ("Default"
// is `default`); null means absent. A wrong type is reported with its path and nothing is read.
import type {
  PriceFloorData,
  PriceFloorEnforcement,
  PriceFloorModelGroup,
  PriceFloorRules,
  PriceFloorSchema,
} from './types.js';

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

class ParseError extends Error {}

/** The value of `key` in `o` (exact, else case-insensitive); undefined for null/absent. */
export function field(o: Obj, key: string): unknown {
  if (Object.hasOwn(o, key)) return o[key] ?? undefined;
  const lower = key.toLowerCase();
  for (const k of Object.keys(o)) if (k.toLowerCase() === lower) return o[k] ?? undefined;
  return undefined;
}

interface Ctx {
  o: Obj;
  path: string;
}

function fail(path: string, what: string): never {
  throw new ParseError(`${path} must be ${what}`);
}

function num(c: Ctx, key: string): number | undefined {
  const v = field(c.o, key);
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(`${c.path}.${key}`, 'a number');
  return v;
}

function int(c: Ctx, key: string): number | undefined {
  const v = num(c, key);
  if (v !== undefined && !Number.isInteger(v)) fail(`${c.path}.${key}`, 'an integer');
  return v;
}

function str(c: Ctx, key: string): string | undefined {
  const v = field(c.o, key);
  if (v === undefined) return undefined;
  if (typeof v !== 'string') fail(`${c.path}.${key}`, 'a string');
  return v;
}

function bool(c: Ctx, key: string): boolean | undefined {
  const v = field(c.o, key);
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') fail(`${c.path}.${key}`, 'a boolean');
  return v;
}

function obj(c: Ctx, key: string): Ctx | undefined {
  const v = field(c.o, key);
  if (v === undefined) return undefined;
  if (!isObj(v)) fail(`${c.path}.${key}`, 'an object');
  return { o: v, path: `${c.path}.${key}` };
}

/** Copies the defined entries only (absent stays absent, as G's omitempty). */
function defined<T extends object>(o: T): T {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as T;
}

function parseSchema(c: Ctx | undefined): PriceFloorSchema {
  if (!c) return {};
  const raw = field(c.o, 'fields');
  let fields: string[] | undefined;
  if (raw !== undefined) {
    if (!Array.isArray(raw) || raw.some((f) => typeof f !== 'string'))
      fail(`${c.path}.fields`, 'an array of strings');
    fields = raw as string[];
  }
  return defined({ fields, delimiter: str(c, 'delimiter') });
}

function parseValues(c: Ctx | undefined): Record<string, number> | undefined {
  if (!c) return undefined;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(c.o)) {
    if (typeof v !== 'number' || !Number.isFinite(v)) fail(`${c.path}.${k}`, 'a number');
    out[k] = v;
  }
  return out;
}

function parseModelGroup(c: Ctx): PriceFloorModelGroup {
  const group = defined({
    currency: str(c, 'currency'),
    modelweight: int(c, 'modelweight'),
    modelversion: str(c, 'modelversion'),
    skiprate: int(c, 'skiprate'),
    values: parseValues(obj(c, 'values')),
    default: num(c, 'default'),
  });
  return Object.assign(group, { schema: parseSchema(obj(c, 'schema')) });
}

function parseData(c: Ctx): PriceFloorData {
  const raw = field(c.o, 'modelgroups');
  let modelgroups: PriceFloorModelGroup[] | undefined;
  if (raw !== undefined) {
    if (!Array.isArray(raw)) fail(`${c.path}.modelgroups`, 'an array');
    modelgroups = raw.map((g: unknown, i) => {
      const path = `${c.path}.modelgroups[${i}]`;
      if (!isObj(g)) fail(path, 'an object');
      return parseModelGroup({ o: g, path });
    });
  }
  return defined({
    currency: str(c, 'currency'),
    skiprate: int(c, 'skiprate'),
    floorsschemaversion: int(c, 'floorsschemaversion'),
    modeltimestamp: int(c, 'modeltimestamp'),
    modelgroups,
    floorprovider: str(c, 'floorprovider'),
    usefetchdatarate: int(c, 'usefetchdatarate'),
  });
}

function parseEnforcement(c: Ctx | undefined): PriceFloorEnforcement | undefined {
  if (!c) return undefined;
  return defined({
    enforcejs: bool(c, 'enforcejs'),
    enforcepbs: bool(c, 'enforcepbs'),
    floordeals: bool(c, 'floordeals'),
    bidadjustment: bool(c, 'bidadjustment'),
    enforcerate: int(c, 'enforcerate'),
  });
}

function parseRulesObject(c: Ctx): PriceFloorRules {
  const endpoint = obj(c, 'floorendpoint');
  const data = obj(c, 'data');
  return defined({
    floormin: num(c, 'floormin'),
    floormincur: str(c, 'floormincur'),
    skiprate: int(c, 'skiprate'),
    floorendpoint: endpoint ? defined({ url: str(endpoint, 'url') }) : undefined,
    data: data ? parseData(data) : undefined,
    enforcement: parseEnforcement(obj(c, 'enforcement')),
    enabled: bool(c, 'enabled'),
    skipped: bool(c, 'skipped'),
    floorprovider: str(c, 'floorprovider'),
    fetchstatus: str(c, 'fetchstatus'),
    location: str(c, 'location'),
  });
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function guard<T>(run: () => T): Parsed<T> {
  try {
    return { ok: true, value: run() };
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, error: e.message };
    throw e;
  }
}

/** `ext.<ns>.floors` of a request; `path` names it in errors (e.g. "ext.prebid.floors"). */
export function parseFloorRules(value: unknown, path: string): Parsed<PriceFloorRules> {
  return guard(() => {
    if (!isObj(value)) fail(path, 'an object');
    return parseRulesObject({ o: value, path });
  });
}

/** A fetched floors file (upstream fetches the `data` object). */
export function parseFloorData(value: unknown, path: string): Parsed<PriceFloorData> {
  return guard(() => {
    if (!isObj(value)) fail(path, 'an object');
    return parseData({ o: value, path });
  });
}

/**
 * `imp.ext.<ns>.floors.{floormin, floormincur}` (G reads `floorMin` / `floorMinCur`, any case);
 * a wrong type is an error, as G's failing imp.ext decode.
 */
export function impFloorMin(
  impExtNs: unknown,
  path: string,
): Parsed<{ floorMin: number; floorMinCur: string }> {
  return guard(() => {
    const floors = isObj(impExtNs) ? field(impExtNs, 'floors') : undefined;
    if (floors === undefined) return { floorMin: 0, floorMinCur: '' };
    if (!isObj(floors)) fail(`${path}.floors`, 'an object');
    const c: Ctx = { o: floors, path: `${path}.floors` };
    const min = num(c, 'floormin') ?? 0;
    return { floorMin: min > 0 ? min : 0, floorMinCur: str(c, 'floormincur') ?? '' };
  });
}
