// Raw value extraction from JSON text without decoding it (endpoint README §2.1): a top-level key's
// value exactly as written, found by bracket matching, so broken or non-JSON files still yield values.
// Hand-written because the upstream extractor (Go jsonparser) tolerates invalid documents; JSON.parse does not.

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

function skipWhitespace(text: string, i: number): number {
  while (i < text.length && WHITESPACE.has(text[i] as string)) i += 1;
  return i;
}

/** Index just past the closing quote of the string starting at `i` (which is a `"`). */
function skipString(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length) {
    const c = text[j];
    if (c === '\\') j += 2;
    else if (c === '"') return j + 1;
    else j += 1;
  }
  return text.length;
}

/** Index just past the value starting at `i`: strings, bracketed blocks (matched, not validated), scalars. */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    let j = i;
    while (j < text.length) {
      const d = text[j];
      if (d === '"') {
        j = skipString(text, j);
        continue;
      }
      if (d === '{' || d === '[') depth += 1;
      else if (d === '}' || d === ']') {
        depth -= 1;
        if (depth === 0) return j + 1;
      }
      j += 1;
    }
    return text.length;
  }
  let j = i;
  while (j < text.length && !',}] \t\n\r'.includes(text[j] as string)) j += 1;
  return j;
}

export interface RawValue {
  /** `string` when the value is a JSON string (then `raw` is the text between the quotes, not unescaped). */
  kind: 'string' | 'object' | 'array' | 'scalar';
  raw: string;
}

/** The value of a top-level key of a JSON object text (case-sensitive key match), or undefined. */
export function extractTopLevel(text: string, key: string): RawValue | undefined {
  let i = skipWhitespace(text, 0);
  if (text[i] !== '{') return undefined;
  i += 1;
  while (i < text.length) {
    i = skipWhitespace(text, i);
    const c = text[i];
    if (c === '}' || c === undefined) return undefined;
    if (c === ',') {
      i += 1;
      continue;
    }
    if (c !== '"') {
      // Not a key: skip the stray token to stay robust on broken input.
      const next = skipValue(text, i);
      i = next > i ? next : i + 1;
      continue;
    }
    const keyEnd = skipString(text, i);
    const name = text.slice(i + 1, keyEnd - 1);
    i = skipWhitespace(text, keyEnd);
    if (text[i] !== ':') continue;
    i = skipWhitespace(text, i + 1);
    const end = skipValue(text, i);
    if (name === key) {
      const first = text[i];
      if (first === '"') return { kind: 'string', raw: text.slice(i + 1, end - 1) };
      if (first === '{') return { kind: 'object', raw: text.slice(i, end) };
      if (first === '[') return { kind: 'array', raw: text.slice(i, end) };
      return { kind: 'scalar', raw: text.slice(i, end) };
    }
    i = end;
  }
  return undefined;
}

/** Decodes a raw value as JSON; undefined when it is not valid JSON. Strings are unescaped. */
export function decodeRaw(value: RawValue | undefined): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value.kind === 'string' ? `"${value.raw}"` : value.raw) as unknown;
  } catch {
    return undefined;
  }
}
