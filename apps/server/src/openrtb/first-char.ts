// The first meaningful character of a JSON text: bodies are checked for `{` before parsing (upstream's
// "expect { or n, but found X") without trimStart's copy of the whole body.

/** The first character that is not white space ('' for none), without trimStart's copy of the body. */
export function firstNonSpace(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // trimStart's white space: ASCII spaces, NBSP, BOM, line/paragraph separators and the Zs class.
    if (c > 32 && c < 127) return text.charAt(i);
    if (!/\s/.test(text.charAt(i))) return text.charAt(i);
  }
  return '';
}
