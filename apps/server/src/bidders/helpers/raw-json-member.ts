// Extracting the raw text of one top-level member of a JSON object, byte for byte (escapes such as
// `\/` kept), for bidders whose markup nests the payload one level deep. Re-serialising would alter it.

/** Raw JSON text of `obj[key]` when `text` is an object with that key, else undefined. */
export function rawJsonMember(text: string, key: string): string | undefined {
  let i = skipSpace(text, 0);
  if (text[i] !== '{') return undefined;
  i++;
  while (i < text.length) {
    i = skipSpace(text, i);
    if (text[i] === '}') return undefined;
    const keyEnd = endOfValue(text, i);
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipSpace(text, keyEnd);
    if (text[i] !== ':') return undefined;
    const start = skipSpace(text, i + 1);
    const end = endOfValue(text, start);
    if (name === key) return text.slice(start, end);
    i = skipSpace(text, end);
    if (text[i] === ',') i++;
  }
  return undefined;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && ' \t\r\n'.includes(text.charAt(i))) i++;
  return i;
}

/** Index just past the JSON value starting at `i` (the text is known to be valid JSON). */
function endOfValue(text: string, i: number): number {
  let depth = 0;
  let inString = false;
  for (let j = i; j < text.length; j++) {
    const c = text.charAt(j);
    if (inString) {
      if (c === '\\') j++;
      else if (c === '"') {
        inString = false;
        if (depth === 0) return j + 1;
      }
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (depth === 0) return j;
      depth--;
      if (depth === 0) return j + 1;
    } else if (depth === 0 && (c === ',' || ' \t\r\n'.includes(c))) return j;
  }
  return text.length;
}
