// GET routes of a public instance answered straight from node:http, outside Fastify's request
// lifecycle (routing, Request/Reply objects, hook runners: a plain Fastify app answering a small
// GET costs about twice bare node:http). The answer keeps what the public instance adds to every
// answer: the CORS headers of `cors.ts`, the no-cache headers, the route's HTTP timing,
// request-scoped logging with `reqId` and the error handler's answers. Everything else goes to
// Fastify's own handler, unchanged: other methods (HEAD, OPTIONS preflights...) and paths, the
// requests a route declines (it decides before any await), and every request once the instance
// is closing (Fastify's 503).
//
// Fastify's `serverFactory` would need the option at construction (create-app.ts); the same
// split is made here on the instance's own server by wrapping its one `request` listener, so
// timeouts, keep-alive settings and connection tracking (graceful shutdown) stay Fastify's.
// `inject()` never reaches a server listener: in-process tests exercise the Fastify routes. The
// extra servers Fastify starts when a host name resolves to several addresses (`localhost`) get
// its own handler: requests there take the Fastify routes, with the same answers.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RouteTimings } from '../metrics.js';
import { corsHeaders } from './cors.js';
import { toErrorAnswer } from './error-handler.js';
import { createRequestIds, REQUEST_ID_HEADER, type RequestIdCarrier } from './request-ids.js';

/** A complete answer; `contentType` is sent as is (spell the charset Fastify would add). */
export interface FastAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** What a fast route sees of its request: the shape a FastifyRequest also has. */
export interface FastRequest {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  /** The raw query string after `?` ('' without one), not decoded. */
  readonly query: string;
  /** Logger bound to `reqId` (x-request-id, else a generated id), built on first use. */
  readonly log: FastifyBaseLogger;
}

/** The answer, or undefined to leave this request to Fastify (decided synchronously). */
export type FastGetHandler = (req: FastRequest) => Promise<FastAnswer> | undefined;

export interface FastGetRoute {
  /** Exact path, as the Fastify route that serves the same answers is declared. */
  path: string;
  handler: FastGetHandler;
}

export interface FastPathOptions {
  /** The instance's HTTP timings (`ServiceMetrics.httpDuration`): same series as its onResponse hook. */
  timings: RouteTimings;
  routes: readonly FastGetRoute[];
}

// Same values as the public instance's onSend hook (create-app.ts); fast-path.test.ts compares
// the headers of both paths.
const NO_CACHE = 'no-cache, no-store, must-revalidate';

class Request implements FastRequest {
  #log: FastifyBaseLogger | undefined;
  #id: string | undefined;

  constructor(
    private readonly raw: IncomingMessage,
    readonly query: string,
    private readonly root: FastifyBaseLogger,
    private readonly ids: (req?: RequestIdCarrier) => string,
  ) {}

  /** The instance's id rule (request-ids.ts): the caller's usable x-request-id, else generated. */
  get id(): string {
    this.#id ??= this.ids(this.raw);
    return this.#id;
  }

  get method(): string {
    return this.raw.method ?? 'GET';
  }

  get headers(): IncomingHttpHeaders {
    return this.raw.headers;
  }

  get log(): FastifyBaseLogger {
    this.#log ??= this.root.child({ reqId: this.id });
    return this.#log;
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
 * Answers the given GET routes on `app`'s server before Fastify sees the request. Call once,
 * before the instance listens; not for instances that log each request (`log.requests`): those
 * lines are written by Fastify's lifecycle only.
 */
export function installFastGetRoutes(app: FastifyInstance, options: FastPathOptions): void {
  const server = app.server;
  const listeners = server.listeners('request');
  const fastify = listeners[0];
  if (listeners.length !== 1 || typeof fastify !== 'function') {
    throw new Error('installFastGetRoutes: expected the one request listener Fastify installs');
  }
  const toFastify = fastify as (req: IncomingMessage, res: ServerResponse) => void;
  const { timings, routes } = options;
  // Ids for log lines of fast requests without x-request-id: a generator of the same kind as the
  // instance's `genReqId`, which Fastify does not expose.
  const ids = createRequestIds();
  let closing = false;
  // Runs when close() starts, right after Fastify marks itself closing: from then on every
  // request goes to Fastify, which answers 503 with Connection: close.
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  const send = (
    req: Request,
    res: ServerResponse,
    path: string,
    started: number,
    answer: FastAnswer,
  ): void => {
    // Header order as Fastify writes them: CORS (onRequest), type (handler), no-cache (onSend).
    const headers = corsHeaders(req.headers.origin);
    headers['content-type'] = answer.contentType;
    headers['cache-control'] = NO_CACHE;
    headers['pragma'] = 'no-cache';
    headers['expires'] = '0';
    headers[REQUEST_ID_HEADER] = req.id;
    headers['content-length'] = String(Buffer.byteLength(answer.body));
    try {
      res.writeHead(answer.status, headers);
      res.end(answer.body);
    } catch (err) {
      // A value node refuses to write (never seen: incoming header values are already valid).
      // Inside a promise callback a throw would be an unhandled rejection: end the exchange here.
      req.log.error({ err }, 'writing the answer failed');
      res.destroy();
      return;
    }
    timings.observe(path, 'GET', answer.status, (performance.now() - started) / 1000);
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    if (closing || req.method !== 'GET') {
      toFastify(req, res);
      return;
    }
    const url = req.url ?? '';
    let route: FastGetRoute | undefined;
    for (const r of routes) {
      if (url.startsWith(r.path) && (url.length === r.path.length || url.charCodeAt(r.path.length) === 63)) {
        route = r;
        break;
      }
    }
    if (route === undefined) {
      toFastify(req, res);
      return;
    }
    const started = performance.now();
    const request = new Request(req, url.slice(route.path.length + 1), app.log, ids);
    const pending = route.handler(request);
    if (pending === undefined) {
      toFastify(req, res);
      return;
    }
    const path = route.path;
    pending.then(
      (answer) => send(request, res, path, started, answer),
      (err: unknown) => {
        // The instance's error handler (error-handler.ts), for a handler that throws.
        const answer = toErrorAnswer(err);
        if (answer.status >= 500) request.log.error({ err }, 'request failed');
        send(request, res, path, started, {
          status: answer.status,
          contentType: 'text/plain; charset=utf-8',
          body: `${answer.message}\n`,
        });
      },
    );
  };

  server.removeListener('request', toFastify);
  server.on('request', onRequest);
}
