// Small type guards over parsed JSON: the request side reads untrusted bodies, so every field is
// checked before use (contract "Errors": bad input is a 400 naming the field, never a crash).

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** `obj[key]` when it is an object, else undefined. */
export function childObject(obj: unknown, key: string): JsonObject | undefined {
  if (!isObject(obj)) return undefined;
  const v = obj[key];
  return isObject(v) ? v : undefined;
}

/** A number field that is absent counts as 0 (OpenRTB defaults); non-numbers are NaN. */
export function numberOr0(v: unknown): number {
  if (v === undefined || v === null) return 0;
  return typeof v === 'number' ? v : NaN;
}

/** Go's `%f`: six decimals, as in the upstream messages that quote a float. */
export function formatFloat(n: number): string {
  return n.toFixed(6);
}
