// Nesting bound of a parsed video request: the stored-request merge (RFC 7386) and the pipeline walk
// the request recursively, so a body nested thousands of levels deep would overflow the stack (500).
// Measured iteratively here, before anything recursive runs; Go's encoding/json stops at 10,000
// levels ("exceeded max depth"), far more than any OpenRTB request needs (~10).

export const MAX_VIDEO_JSON_DEPTH = 1000;

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null;

/** The path (`podconfig.durationrangesec`) of the first top-level field nested deeper than `max`. */
export function tooDeepField(body: unknown, max = MAX_VIDEO_JSON_DEPTH): string | undefined {
  if (!isContainer(body)) return undefined;
  const stack: { value: object; depth: number; path: string }[] = [{ value: body, depth: 1, path: '' }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop() as { value: object; depth: number; path: string };
    if (depth > max) return path;
    for (const [key, child] of Object.entries(value)) {
      if (!isContainer(child)) continue;
      // The path names the first levels only: enough to find the field, short for a deep one.
      const named =
        depth <= 6 ? (Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key) : path;
      stack.push({ value: child, depth: depth + 1, path: named });
    }
  }
  return undefined;
}
