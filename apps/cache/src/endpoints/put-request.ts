// Validation of a POST /cache body ("Cache service: POST /cache", "Cache entries"): every put is
// checked before anything is stored. Messages are Prebid Cache's texts; each error also names the
// offending field so the endpoint can prefix it.
// Hot path (every POST): a hand loop, no per-put closure or field-name string unless a put fails.
import { BadRequestError } from '@gavel/common';
import type { CacheEntry } from '../backends/types.js';
import { checkXmlValue } from './xml-check.js';

export interface ParsedPut {
  entry: CacheEntry;
  /** 0 when absent: the TTL decorator applies the default. */
  ttlSeconds: number;
  /** The caller's key, when keys are allowed and one was given. */
  key: string | undefined;
}

export interface PutRules {
  maxNumValues: number;
  allowSettingKeys: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `puts[i]`, then `.field` when given: built only for an error. */
function fieldOf(i: number, field?: string): string {
  return field === undefined ? `puts[${i}]` : `puts[${i}].${field}`;
}

/** Where a value is nested deepest, as `.a.b[0]` (its first `named` levels): for the 400 text. */
function deepestPath(value: unknown, named = 4): string {
  let best = { depth: 0, path: '' };
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop() as { v: unknown; depth: number; path: string };
    if (depth > best.depth) best = { depth, path };
    if (typeof v !== 'object' || v === null) continue;
    for (const [key, child] of Object.entries(v)) {
      const next = depth >= named ? path : Array.isArray(v) ? `${path}[${key}]` : `${path}.${key}`;
      stack.push({ v: child, depth: depth + 1, path: next });
    }
  }
  return best.path;
}

/**
 * JSON text of a client's value. JSON.stringify recurses: a value nested thousands of levels deep
 * (the body parser accepts it) overflows the stack, which is the client's doing, not ours.
 */
function jsonText(value: unknown, i: number, field: string): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const where = fieldOf(i, field) + deepestPath(value);
    throw new BadRequestError(`${where} is nested too deeply to be stored`, fieldOf(i, field));
  }
}

function parseOne(put: unknown, i: number, allowSettingKeys: boolean): ParsedPut {
  if (!isObject(put)) throw new BadRequestError(`${fieldOf(i)} must be an object`, fieldOf(i));
  const type = put['type'];
  const value = put['value'];
  const ttlseconds = put['ttlseconds'];
  const key = put['key'];
  if (value === undefined || value === null || value === '') {
    throw new BadRequestError('Missing value.', fieldOf(i, 'value'));
  }
  if (ttlseconds !== undefined && ttlseconds !== null) {
    if (typeof ttlseconds !== 'number' || !Number.isInteger(ttlseconds)) {
      throw new BadRequestError('ttlseconds must be an integer.', fieldOf(i, 'ttlseconds'));
    }
    if (ttlseconds < 0) {
      throw new BadRequestError(`ttlseconds must not be negative ${ttlseconds}.`, fieldOf(i, 'ttlseconds'));
    }
  }
  if (key !== undefined && key !== null && typeof key !== 'string') {
    throw new BadRequestError('key must be a string.', fieldOf(i, 'key'));
  }
  let entry: CacheEntry;
  if (type === 'xml') {
    if (typeof value !== 'string') {
      throw new BadRequestError(
        `XML messages must have a String value. Found ${jsonText(value, i, 'value')}`,
        fieldOf(i, 'value'),
      );
    }
    const problem = checkXmlValue(value);
    if (problem) throw new BadRequestError(problem, fieldOf(i, 'value'));
    entry = { type: 'xml', value };
  } else if (type === 'json') {
    entry = { type: 'json', value: jsonText(value, i, 'value') };
  } else {
    const found =
      type === undefined || type === null ? '' : typeof type === 'string' ? type : jsonText(type, i, 'type');
    throw new BadRequestError(`Type must be one of ["json", "xml"]. Found '${found}'`, fieldOf(i, 'type'));
  }
  return {
    entry,
    ttlSeconds: typeof ttlseconds === 'number' ? ttlseconds : 0,
    key: allowSettingKeys && typeof key === 'string' && key !== '' ? key : undefined,
  };
}

/** The puts in order, or a BadRequestError naming the first offending field. */
export function parsePutRequest(body: unknown, rules: PutRules): ParsedPut[] {
  if (!isObject(body)) throw new BadRequestError('request body must be a JSON object', 'body');
  const puts = body['puts'];
  if (puts === undefined) throw new BadRequestError('the request body has no "puts" array', 'puts');
  if (!Array.isArray(puts)) throw new BadRequestError('puts must be an array', 'puts');
  if (puts.length > rules.maxNumValues) {
    throw new BadRequestError(`More keys than allowed: ${rules.maxNumValues}`, 'puts');
  }
  const parsed: ParsedPut[] = [];
  for (let i = 0; i < puts.length; i++) parsed.push(parseOne(puts[i], i, rules.allowSettingKeys));
  return parsed;
}
