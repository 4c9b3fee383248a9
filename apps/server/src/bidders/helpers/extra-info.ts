// Reading a bidder's static extra info (ctx.extraInfo): hosts give it as an object, upstream-style
// setups as its JSON text; either way adapters read it as an object (empty when absent or unreadable).

/** `extraInfo` as a plain object: parsed when it is JSON text; `{}` when absent or not an object. */
export function extraInfoObject(extraInfo: unknown): Record<string, unknown> {
  let value = extraInfo;
  if (typeof value === 'string') {
    try {
      value = value ? (JSON.parse(value) as unknown) : undefined;
    } catch {
      value = undefined;
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
