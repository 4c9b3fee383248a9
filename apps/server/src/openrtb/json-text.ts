// The JSON text an object was last sent as, kept beside the object (WeakMap: it goes with it). The
// auction answer is serialised once for the client; analytics reuse that text instead of walking
// the same response again.
const texts = new WeakMap<object, string>();

/** JSON.stringify(value), remembered for `value` when it is an object. */
export function stringifyRemembered(value: unknown): string {
  const text = JSON.stringify(value);
  if (typeof value === 'object' && value !== null && typeof text === 'string') texts.set(value, text);
  return text;
}

/** The text stringifyRemembered produced for this very object (undefined when none). */
export function rememberedJson(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? texts.get(value) : undefined;
}
