// The JSON an object was last sent as, kept beside the object (WeakMap: it goes with it). The
// auction answer is serialised and encoded once for the client; analytics reuse those bytes instead
// of walking the same response again and encoding it twice more.
const sent = new WeakMap<object, Buffer>();

/** JSON.stringify(value) as UTF-8, remembered for `value` when it is an object. */
export function jsonBytesRemembered(value: unknown): Buffer {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  if (typeof value === 'object' && value !== null) sent.set(value, bytes);
  return bytes;
}

/** The bytes jsonBytesRemembered produced for this very object (undefined when none). */
export function rememberedJsonBytes(value: unknown): Buffer | undefined {
  return typeof value === 'object' && value !== null ? sent.get(value) : undefined;
}
