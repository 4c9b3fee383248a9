// URL query unescaping with the semantics of Go's url.QueryUnescape ('+' is a space, bad escapes fail),
// for bidders that escape their markup. decodeURIComponent alone would keep '+' and differ.

/** The unescaped text, or null when `text` holds an invalid %-escape. */
export function queryUnescape(text: string): string | null {
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
