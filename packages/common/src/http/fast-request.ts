// The request object of routes answered outside Fastify's lifecycle (`fast-path.ts`), the query
// reader they share, and the body reading of fast POST routes.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { setOwn } from '../objects.js';

/** What a fast route sees of its request: the shape a FastifyRequest also has. */
export interface FastRequest {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  /** The raw query string after `?` ('' without one), not decoded. */
  readonly query: string;
  /** Logger bound to `reqId` (x-request-id, else a generated id), built on first use. */
  readonly log: FastifyBaseLogger;
  /** The body as received (POST routes; empty for GET). */
  readonly body: Buffer;
  /** The peer's address, as `request.socket.remoteAddress`. */
  readonly remoteAddress: string | undefined;
  /** Milliseconds since the request reached the server's listener (Fastify's `reply.elapsedTime`). */
  elapsedMs(): number;
}

const EMPTY = Buffer.alloc(0);

/**
 * The request's headers in one fixed key order (sorted), the values as node gives them. Node builds
 * `req.headers` in the order the client sent its lines, and V8 gives objects with the same keys in
 * another order another hidden class: read from node's object, each client with an order of its
 * own (another HTTP library, another process of the same load tool) would deoptimise every function
 * reading a header ("wrong map"), which then runs interpreted until compiled again
 * (docs/performance.md, 2026-12-06 late morning). Copied in one order, the same set of names has
 * one class whoever sends it.
 */
export function orderedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const from = headers as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(from).sort()) setOwn(out, name, from[name]);
  return out as IncomingHttpHeaders;
}

export class Request implements FastRequest {
  #log: FastifyBaseLogger | undefined;
  #id: string | undefined;
  #headers: IncomingHttpHeaders | undefined;
  body: Buffer = EMPTY;
  readonly started = performance.now();

  constructor(
    private readonly raw: IncomingMessage,
    readonly query: string,
    private readonly root: FastifyBaseLogger,
    private readonly ids: (req?: Request) => string,
  ) {}

  /**
   * The instance's id rule (request-ids.ts): the caller's usable x-request-id, else a generated one,
   * written into `headers`.
   */
  get id(): string {
    this.#id ??= this.ids(this);
    return this.#id;
  }

  get method(): string {
    return this.raw.method ?? 'GET';
  }

  /** The request's headers, copied once in a fixed order (`orderedHeaders`). */
  get headers(): IncomingHttpHeaders {
    this.#headers ??= orderedHeaders(this.raw.headers);
    return this.#headers;
  }

  get remoteAddress(): string | undefined {
    return this.raw.socket.remoteAddress;
  }

  get log(): FastifyBaseLogger {
    this.#log ??= this.root.child({ reqId: this.id });
    return this.#log;
  }

  elapsedMs(): number {
    return performance.now() - this.started;
  }
}

/**
 * The first value of a query parameter, read without decoding: `undefined` when absent, `''` for
 * `name` or `name=`, and `null` when the query holds `%` or `+` (decoded by Fastify's parser) or
 * `#` (a fragment no client sends; left to Fastify too): leave those requests to Fastify.
 * Otherwise the same value Fastify's parser (fast-querystring: `&`-separated pairs split at the
 * first `=`, repeated keys → array) gives as the first element.
 */
export function plainQueryParam(query: string, name: string): string | undefined | null {
  if (query.includes('%') || query.includes('+') || query.includes('#')) return null;
  let start = 0;
  while (start <= query.length) {
    let end = query.indexOf('&', start);
    if (end < 0) end = query.length;
    if (query.startsWith(name, start)) {
      const after = start + name.length;
      if (after === end) return '';
      if (query.charCodeAt(after) === 61 /* = */) return query.slice(after + 1, end);
    }
    start = end + 1;
  }
  return undefined;
}

/**
 * The declared body length of a POST the fast path can read the way Fastify would, else
 * undefined (left to Fastify): a plain `Content-Length` of 1..limit bytes and no
 * `Transfer-Encoding`. Bodies over the limit, chunked and empty bodies keep Fastify's answers
 * (413, its length checks, its empty-body handling).
 */
export function fastBodyLength(headers: IncomingHttpHeaders, limitBytes: number): number | undefined {
  const declared = headers['content-length'];
  if (declared === undefined || headers['transfer-encoding'] !== undefined) return undefined;
  if (!/^[0-9]{1,10}$/.test(declared)) return undefined;
  const length = Number(declared);
  return length > 0 && length <= limitBytes ? length : undefined;
}

/**
 * Reads the body of `raw` into one Buffer and calls `done` with it; a request that fails or is
 * aborted before its end never calls `done` (its answer could not be delivered).
 */
export function readBody(raw: IncomingMessage, done: (body: Buffer) => void, failed: () => void): void {
  const chunks: Buffer[] = [];
  let received = 0;
  let broken = false;
  raw.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    received += chunk.length;
  });
  raw.on('error', () => {
    broken = true;
    failed();
  });
  raw.on('end', () => {
    if (broken) return;
    done(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received));
  });
}
