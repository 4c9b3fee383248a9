// Request ids (`x-request-id`): the caller's when it sent a usable one, else a generated one — a
// random per-instance prefix plus a counter, unique across processes, no crypto call per request.
// Used as Fastify's `genReqId` (with `requestIdHeader: false`, so this rule alone decides) and by
// the fast path; the id is written back into the request's headers, so everything that reads the
// headers later (the auction's HttpFacts, log lines of bidder calls) sees the same id, and every
// answer echoes it (create-app.ts onSend, fast-path.ts).
import { randomBytes } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Longest caller id kept; longer ones (or ones with spaces/control characters) are replaced. */
export const MAX_REQUEST_ID_LENGTH = 128;

/** Visible ASCII only, no spaces: safe in a header and a log line. */
const USABLE = /^[\x21-\x7e]+$/;

/** The caller's id when usable (1–128 visible ASCII characters), else undefined. */
export function usableRequestId(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REQUEST_ID_LENGTH)
    return undefined;
  return USABLE.test(value) ? value : undefined;
}

/** What a request id is read from: node's IncomingMessage (and Fastify's raw request) fit. */
export interface RequestIdCarrier {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * `(req?) → id`: the caller's usable `x-request-id`, else a fresh id (also written into
 * `req.headers['x-request-id']`). Without a request, a fresh id.
 */
export function createRequestIds(): (req?: RequestIdCarrier) => string {
  const prefix = randomBytes(6).toString('hex');
  let next = 0;
  return (req) => {
    if (req === undefined) return `${prefix}-${(next++).toString(36)}`;
    const given = usableRequestId(req.headers[REQUEST_ID_HEADER]);
    if (given !== undefined) return given;
    const id = `${prefix}-${(next++).toString(36)}`;
    req.headers[REQUEST_ID_HEADER] = id;
    return id;
  };
}
