// CORS for the public port: any origin is echoed with credentials (browsers call from publisher
// pages), preflights are answered in the onRequest hook with 204. Same headers as @fastify/cors
// with { origin: true, credentials: true }, which it replaces on this hot path: that plugin reads
// `request.routeOptions` (a fresh 13-field object per read) twice and copies its options per request.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

export interface CorsOptions {
  /** Answered in Access-Control-Allow-Methods on preflights. */
  methods: readonly string[];
}

/** Characters Node refuses in a header value (its own check, `checkInvalidHeaderChar`). */
const NOT_A_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * A request header value that can be echoed in a response header, else undefined: a value Node
 * cannot send (non-Latin-1 text, which `inject` and some proxies let through) is taken as absent.
 */
export function echoable(value: string | undefined): string | undefined {
  return value !== undefined && !NOT_A_HEADER_VALUE.test(value) ? value : undefined;
}

/**
 * The CORS headers of every answer but a preflight's, in the order they are sent. One definition
 * for the onRequest hook and for routes answered outside Fastify's lifecycle (`fast-path.ts`).
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  // The answer depends on Origin: shared caches must key on it.
  const headers: Record<string, string> = { vary: 'Origin' };
  const echoed = echoable(origin);
  if (echoed) headers['access-control-allow-origin'] = echoed;
  headers['access-control-allow-credentials'] = 'true';
  return headers;
}

export function installCors(app: FastifyInstance, options: CorsOptions): void {
  const allowMethods = options.methods.join(', ');
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const origin = echoable(req.headers.origin);
    reply.headers(corsHeaders(origin));
    if (req.raw.method !== 'OPTIONS') {
      done();
      return;
    }
    const requestMethod = req.headers['access-control-request-method'];
    if (!origin || !requestMethod) {
      // Strict preflight, as @fastify/cors: both headers are required.
      void reply.code(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    reply.header('access-control-allow-methods', allowMethods);
    reply.header('vary', 'Origin, Access-Control-Request-Headers');
    const requestHeaders = echoable(req.headers['access-control-request-headers']);
    if (requestHeaders !== undefined) reply.header('access-control-allow-headers', requestHeaders);
    // Safari waits for a body on a 204 without Content-Length.
    void reply.code(204).header('content-length', '0').send();
  });
  // Lets OPTIONS reach the hook for every path; the hook always answers it first.
  app.options('*', (_req, reply) => {
    void reply.code(204).send();
  });
}
