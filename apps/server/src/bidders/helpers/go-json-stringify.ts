// JSON text as upstream's encoder writes it: like JSON.stringify, but with `<`, `>`, `&`, U+2028 and
// U+2029 escaped as \u003c… Needed where a bidder's markup is re-serialised and compared as text.

const ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** `JSON.stringify(value)` with HTML-safe escapes (only inside strings, where those characters can occur). */
export function goJsonStringify(value: unknown): string {
  return (JSON.stringify(value) ?? '').replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c] ?? c);
}
