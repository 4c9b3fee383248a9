// Routes of a public instance answered straight from node:http, outside Fastify's request
// lifecycle (routing, Request/Reply objects, hook runners, content-type parsing: a plain Fastify
// app answering a small GET costs about twice bare node:http). The answer keeps what the public
// instance adds to every answer: the CORS headers of `cors.ts`, the no-cache headers, the
// request id, response compression (`compression.ts`) where the instance has it, the route's HTTP
// timing, request-scoped logging with `reqId` and the error handler's answers. Everything else
// goes to Fastify's own handler, unchanged: other methods (HEAD, OPTIONS preflights...) and
// paths, the requests a route declines (it decides before any await), POSTs with a query, without
// a plain Content-Length or over the body limit (`fastBodyLength`), and every request once the
// instance is closing (Fastify's 503). A POST handler starts from a turn queue (`turnBudgetMs`,
// turn-queue.ts) once its body is read.
//
// Fastify's `serverFactory` would need the option at construction (create-app.ts); the same
// split is made here on the instance's own server by wrapping its one `request` listener, so
// timeouts, keep-alive settings and connection tracking (graceful shutdown) stay Fastify's.
// `inject()` never reaches a server listener: in-process tests exercise the Fastify routes. The
// extra servers Fastify starts when a host name resolves to several addresses (`localhost`) get
// its own handler: requests there take the Fastify routes, with the same answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { RouteTimings } from '../metrics.js';
import { addVary, compressionPlan } from './compression.js';
import { corsHeaders } from './cors.js';
import { toErrorAnswer } from './error-handler.js';
import { fastBodyLength, readBody, Request, type FastRequest } from './fast-request.js';
import { createRequestIds, REQUEST_ID_HEADER, type RequestIdCarrier } from './request-ids.js';
import { createTurnQueue, type TurnQueue } from './turn-queue.js';

export { plainQueryParam, type FastRequest } from './fast-request.js';

/** A complete answer; `contentType` is sent as is (spell the charset Fastify would add). */
export interface FastAnswer {
  status: number;
  contentType: string;
  body: string | Buffer;
  /** Headers the route sets before its content type (lower-case names), e.g. `x-prebid`. */
  headers?: Readonly<Record<string, string>>;
  /** Called once the answer is on its way (written, or handed to gzip). */
  sent?: () => void;
}

/** The answer, or undefined to leave this request to Fastify (decided synchronously). */
export type FastGetHandler = (req: FastRequest) => Promise<FastAnswer> | undefined;

export interface FastGetRoute {
  /** Exact path, as the Fastify route that serves the same answers is declared. */
  path: string;
  handler: FastGetHandler;
}

/** A POST route: answered once its whole body is read (`req.body`); never declines. */
export interface FastPostRoute {
  path: string;
  handler: (req: FastRequest) => Promise<FastAnswer>;
}

export interface FastPathOptions {
  /** The instance's HTTP timings (`ServiceMetrics.httpDuration`): same series as its onResponse hook. */
  timings: RouteTimings;
  routes: readonly FastGetRoute[];
  posts?: readonly FastPostRoute[];
  /** The instance's body limit (POST routes): longer bodies are Fastify's (413). */
  bodyLimitBytes?: number;
  /** As `installResponseCompression` on the instance, when it has it. */
  compression?: { minBytes: number };
  /** POST handlers start from a turn queue with this budget (turn-queue.ts); 0 or absent = at once. */
  turnBudgetMs?: number;
}

// Same values as the public instance's onSend hook (create-app.ts); fast-path.test.ts compares
// the headers of both paths.
const NO_CACHE = 'no-cache, no-store, must-revalidate';

/** Header order as Fastify writes them: CORS (onRequest), the route's, no-cache and id (onSend). */
function answerHeaders(req: Request, answer: FastAnswer): Record<string, string> {
  const headers = corsHeaders(req.headers.origin);
  if (answer.headers !== undefined) Object.assign(headers, answer.headers);
  headers['content-type'] = answer.contentType;
  if (headers['cache-control'] === undefined) {
    headers['cache-control'] = NO_CACHE;
    headers['pragma'] = 'no-cache';
    headers['expires'] = '0';
  }
  headers[REQUEST_ID_HEADER] = req.id;
  return headers;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The one request listener Fastify installs on `app`'s server. */
function fastifyListener(app: FastifyInstance): Listener {
  const listeners = app.server.listeners('request');
  const fastify = listeners[0];
  if (listeners.length !== 1 || typeof fastify !== 'function') {
    throw new Error('installFastRoutes: expected the one request listener Fastify installs');
  }
  return fastify as Listener;
}

function matches(url: string, path: string): boolean {
  return url.startsWith(path) && (url.length === path.length || url.charCodeAt(path.length) === 63);
}

/** Where an answer goes besides its body: its route's path (the timing's label), status and headers. */
interface Target {
  path: string;
  status: number;
  headers: Record<string, string>;
}

/**
 * The fast routes of one instance: set up once by `installFastRoutes`, whose request listener
 * calls `onGet` / `onPost` for every GET and POST while the instance is open.
 */
class FastRoutes {
  readonly posts: readonly FastPostRoute[];
  private readonly timings: RouteTimings;
  private readonly routes: readonly FastGetRoute[];
  private readonly bodyLimitBytes: number;
  private readonly compression: { minBytes: number } | undefined;
  private readonly turns: TurnQueue;
  private readonly ids: (req?: RequestIdCarrier) => string;

  constructor(
    private readonly app: FastifyInstance,
    private readonly toFastify: Listener,
    options: FastPathOptions,
  ) {
    this.timings = options.timings;
    this.routes = options.routes;
    this.posts = options.posts ?? [];
    this.bodyLimitBytes = options.bodyLimitBytes ?? 0;
    this.compression = options.compression;
    this.turns = createTurnQueue({ budgetMs: options.turnBudgetMs ?? 0 });
    // Ids for log lines of fast requests without x-request-id: a generator of the same kind as the
    // instance's `genReqId`, which Fastify does not expose.
    this.ids = createRequestIds();
  }

  onGet(req: IncomingMessage, res: ServerResponse, url: string): void {
    const route = this.routes.find((r) => matches(url, r.path));
    if (route === undefined) {
      this.toFastify(req, res);
      return;
    }
    const request = new Request(req, url.slice(route.path.length + 1), this.app.log, this.ids);
    const pending = route.handler(request);
    if (pending === undefined) this.toFastify(req, res);
    else this.answer(request, res, route.path, pending);
  }

  onPost(req: IncomingMessage, res: ServerResponse, url: string): void {
    const route = this.posts.find((r) => r.path === url);
    if (route === undefined) {
      this.toFastify(req, res);
      return;
    }
    // Headers are read from the request's ordered copy only (fast-request.ts `orderedHeaders`).
    const request = new Request(req, '', this.app.log, this.ids);
    if (fastBodyLength(request.headers, this.bodyLimitBytes) === undefined) {
      this.toFastify(req, res);
      return;
    }
    readBody(
      req,
      (body) => {
        request.body = body;
        this.turns.run(() => this.answer(request, res, route.path, route.handler(request)));
      },
      () => res.destroy(),
    );
  }

  private answer(request: Request, res: ServerResponse, path: string, pending: Promise<FastAnswer>): void {
    pending.then(
      (a) => this.send(request, res, path, a),
      (err: unknown) => {
        // The instance's error handler (error-handler.ts), for a handler that throws.
        const e = toErrorAnswer(err);
        if (e.status >= 500) request.log.error({ err }, 'request failed');
        this.send(request, res, path, {
          status: e.status,
          contentType: 'text/plain; charset=utf-8',
          body: `${e.message}\n`,
        });
      },
    );
  }

  private send(req: Request, res: ServerResponse, path: string, answer: FastAnswer): void {
    const headers = answerHeaders(req, answer);
    const target: Target = { path, status: answer.status, headers };
    const compression = this.compression;
    const plan =
      compression === undefined
        ? 'none'
        : compressionPlan({
            accept: req.headers['accept-encoding'],
            contentType: answer.contentType,
            body: answer.body,
            encoded: headers['content-encoding'] !== undefined,
            minBytes: compression.minBytes,
          });
    if (plan !== 'none') headers['vary'] = addVary(headers['vary']);
    if (plan !== 'gzip') this.write(req, res, target, answer.body);
    else
      gzip(answer.body, (err, out) => {
        if (!err) headers['content-encoding'] = 'gzip';
        this.write(req, res, target, err ? answer.body : out);
      });
    answer.sent?.();
  }

  private write(req: Request, res: ServerResponse, target: Target, body: string | Buffer): void {
    const h = target.headers;
    h['content-length'] = String(Buffer.byteLength(body));
    try {
      res.writeHead(target.status, h);
      res.end(body);
    } catch (err) {
      // A value node refuses to write (an exitpoint hook's header, say). Inside a promise
      // callback a throw would be an unhandled rejection: end the exchange here.
      req.log.error({ err }, 'writing the answer failed');
      res.destroy();
      return;
    }
    this.timings.observe(target.path, req.method, target.status, req.elapsedMs() / 1000);
  }
}

/**
 * Answers the given routes on `app`'s server before Fastify sees the request. Call once, before
 * the instance listens; not for instances that log each request (`log.requests`): those lines are
 * written by Fastify's lifecycle only.
 */
export function installFastRoutes(app: FastifyInstance, options: FastPathOptions): void {
  const toFastify = fastifyListener(app);
  const fast = new FastRoutes(app, toFastify, options);
  const posts = fast.posts;
  let closing = false;
  // Runs when close() starts, right after Fastify marks itself closing: from then on every
  // request goes to Fastify, which answers 503 with Connection: close.
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '';
    if (closing) toFastify(req, res);
    else if (req.method === 'GET') fast.onGet(req, res, url);
    else if (req.method === 'POST' && posts.length > 0) fast.onPost(req, res, url);
    else toFastify(req, res);
  };

  app.server.removeListener('request', toFastify);
  app.server.on('request', onRequest);
}
