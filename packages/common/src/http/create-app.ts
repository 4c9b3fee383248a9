// Fastify instances for the public and the admin port of a service. Both get request ids,
// /status and /version; the public one gets CORS, no-cache headers and the body limit; the
// admin one gets /metrics. Nothing admin is ever routed on the public instance.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Logger } from '../logger.js';
import type { Readiness } from './readiness.js';
import type { ServiceMetrics } from '../metrics.js';
import type { VersionInfo } from '../version.js';
import { installCors } from './cors.js';
import { installErrorHandler } from './error-handler.js';
import { createRequestIds, REQUEST_ID_HEADER } from './request-ids.js';
import { lazyChildLogger } from './request-logger.js';

export interface StatusOptions {
  /** Body of a ready answer; empty string → 204 No Content. */
  response: string;
}

export interface AppOptions {
  logger: Logger;
  readiness: Readiness;
  metrics: ServiceMetrics;
  version: VersionInfo;
  status: StatusOptions;
  /** Log one line per request (costly under load). */
  logRequests: boolean;
  /** The `http-server` config section; Node's and Fastify's defaults when absent. */
  timeouts?: HttpServerTimeouts;
}

/** Slow-client bounds of the HTTP server (config section `http-server`, service-sections.ts). */
export interface HttpServerTimeouts {
  'headers-timeout-ms': number;
  'request-timeout-ms': number;
  'keep-alive-timeout-ms': number;
  'connections-check-interval-ms': number;
}

/** Fastify options for the timeouts: Node refuses a headers timeout longer than the request one. */
function timeoutOptions(t: HttpServerTimeouts | undefined) {
  if (t === undefined) return {};
  const requestTimeout = t['request-timeout-ms'];
  const headersTimeout =
    requestTimeout > 0 ? Math.min(t['headers-timeout-ms'], requestTimeout) : t['headers-timeout-ms'];
  const interval = t['connections-check-interval-ms'];
  return {
    requestTimeout,
    keepAliveTimeout: t['keep-alive-timeout-ms'],
    http: { headersTimeout, requestTimeout, connectionsCheckingInterval: interval },
  };
}

export interface PublicAppOptions extends AppOptions {
  bodyLimitBytes: number;
}

const NO_CACHE = 'no-cache, no-store, must-revalidate';

function baseFastify(o: AppOptions, bodyLimit?: number): FastifyInstance {
  const { logger, logRequests } = o;
  return Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: !logRequests, requestIdLogLabel: 'reqId' }),
    // The caller's x-request-id when usable, else generated (request-ids.ts decides both).
    requestIdHeader: false,
    genReqId: createRequestIds(),
    childLoggerFactory: lazyChildLogger,
    ...(bodyLimit !== undefined ? { bodyLimit } : {}),
    ...timeoutOptions(o.timeouts),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }) as unknown as FastifyInstance;
}

function registerCommonRoutes(app: FastifyInstance, opts: AppOptions): void {
  const timings = opts.metrics.httpDuration;
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    timings.observe(route, req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/status', async (_req, reply) => {
    if (!opts.readiness.isReady()) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`not ready: ${opts.readiness.pending().join('; ')}\n`);
    }
    if (opts.status.response === '') return reply.code(204).send();
    return reply.code(200).type('text/plain; charset=utf-8').send(opts.status.response);
  });
  app.get('/version', async () => opts.version);
  installErrorHandler(app);
}

export async function createPublicApp(opts: PublicAppOptions): Promise<FastifyInstance> {
  const app = baseFastify(opts, opts.bodyLimitBytes);
  // Browsers call with credentials from any publisher page: the origin is echoed.
  installCors(app, { methods: ['GET', 'POST', 'OPTIONS'] });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', NO_CACHE).header('pragma', 'no-cache').header('expires', '0');
    }
    reply.header(REQUEST_ID_HEADER, req.id);
    done(null, payload);
  });
  registerCommonRoutes(app, opts);
  return app;
}

export async function createAdminApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = baseFastify(opts);
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done(null, payload);
  });
  registerCommonRoutes(app, opts);
  app.get('/metrics', async (_req, reply) => {
    const body = await (opts.metrics.scrape ?? (() => opts.metrics.registry.metrics()))();
    return reply.type(opts.metrics.registry.contentType).send(body);
  });
  return app;
}
