// Dot-path lookups with the semantics of G's typedLookup (buger/jsonparser Get on the JSON text):
//   - a segment names an object member; `[n]` picks element n of an array (`imp.video.mimes.[0]`);
//     a plain segment never matches inside an array, `[n]` on an object is the member named "[n]";
//   - only strings and numbers are values: a string as it is, a number as Go prints it;
//     objects, arrays, booleans and null are "incorrect value type".
// Error texts are G's, byte for byte.

export type Lookup = { ok: true; value: string } | { ok: false; error: string };

export const notFoundMessage = (path: string): string => `value not found for path: ${path}`;

const wrongTypeMessage = (path: string): string =>
  `incorrect value type for path: ${path}, value can only be string or number`;

const MISSING = Symbol('missing');

/** Go strconv.Atoi inside `[` `]`: optional sign, decimal digits. */
const INDEX = /^\[([+-]?\d+)\]$/;

function step(node: unknown, segment: string): unknown {
  if (Array.isArray(node)) {
    const m = INDEX.exec(segment);
    if (m === null) return MISSING;
    const i = Number(m[1]);
    return Number.isSafeInteger(i) && i >= 0 && i < node.length ? (node[i] as unknown) : MISSING;
  }
  if (node === null || typeof node !== 'object') return MISSING;
  if (!Object.hasOwn(node, segment)) return MISSING;
  const next = (node as Record<string, unknown>)[segment];
  return next === undefined ? MISSING : next;
}

/**
 * A number as Go's encoding/json writes a float64 (what jsonparser then reads back): the shortest
 * round-trip digits, plain between 1e-6 and 1e21, exponent form outside — the same as JS `String`.
 */
export function formatNumber(n: number): string {
  return String(n);
}

/** The string or number at `segments` under `root`; `path` only names it in the error. */
export function typedLookup(root: unknown, path: string, segments: readonly string[]): Lookup {
  let node = root;
  for (const segment of segments) {
    node = step(node, segment);
    if (node === MISSING) return { ok: false, error: notFoundMessage(path) };
  }
  if (typeof node === 'string') return { ok: true, value: node };
  if (typeof node === 'number' && Number.isFinite(node)) return { ok: true, value: formatNumber(node) };
  return { ok: false, error: wrongTypeMessage(path) };
}

/** `typedLookup` of a dot path, the path itself naming it (G splitAndGet). */
export function lookupDotPath(root: unknown, path: string): Lookup {
  return typedLookup(root, path, path.split('.'));
}
