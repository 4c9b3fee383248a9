// Semantic JSON equality for fixtures and tests: object key order ignored, array order significant,
// numbers by value. Returns the first difference as a readable path so failures say what differs.

function describe(v: unknown): string {
  const s = JSON.stringify(v);
  if (s === undefined) return String(v);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** undefined when equal; else `<path>: expected <x>, got <y>`. `undefined` members count as absent. */
export function jsonDiff(expected: unknown, actual: unknown, path = '$'): string | undefined {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected ${describe(expected)}, got ${describe(actual)}`;
    if (expected.length !== actual.length)
      return `${path}: expected ${expected.length} elements, got ${actual.length}: ${describe(actual)}`;
    for (let i = 0; i < expected.length; i++) {
      const d = jsonDiff(expected[i], actual[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  if (isObject(expected)) {
    if (!isObject(actual)) return `${path}: expected ${describe(expected)}, got ${describe(actual)}`;
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of [...keys].sort()) {
      const e = expected[k];
      const a = actual[k];
      if (e === undefined && a !== undefined) return `${path}.${k}: unexpected ${describe(a)}`;
      if (e !== undefined && a === undefined) return `${path}.${k}: missing, expected ${describe(e)}`;
      const d = jsonDiff(e, a, `${path}.${k}`);
      if (d) return d;
    }
    return undefined;
  }
  if (expected === actual) return undefined;
  return `${path}: expected ${describe(expected)}, got ${describe(actual)}`;
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  return jsonDiff(a, b) === undefined;
}
