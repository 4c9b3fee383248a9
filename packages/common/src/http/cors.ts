// CORS for the public port: any origin is echoed with credentials (browsers call from publisher
// pages), preflights are answered in the onRequest hook with 204. Same headers as @fastify/cors
// with { origin: true, credentials: true }, which it replaces on this hot path: that plugin reads
// `request.routeOptions` (a fresh 13-field object per read) twice and copies its options per request.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

export interface CorsOptions {
  /** Answered in Access-Control-Allow-Methods on preflights. */
  methods: readonly string[];
}

/**
 * The CORS headers of every answer but a preflight's, in the order they are sent. One definition
 * for the onRequest hook and for routes answered outside Fastify's lifecycle (`fast-path.ts`).
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  // The answer depends on Origin: shared caches must key on it.
  const headers: Record<string, string> = { vary: 'Origin' };
  if (origin) headers['access-control-allow-origin'] = origin;
  headers['access-control-allow-credentials'] = 'true';
  return headers;
}

export function installCors(app: FastifyInstance, options: CorsOptions): void {
  const allowMethods = options.methods.join(', ');
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const origin = req.headers.origin;
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
    const requestHeaders = req.headers['access-control-request-headers'];
    if (requestHeaders !== undefined) reply.header('access-control-allow-headers', requestHeaders);
    // Safari waits for a body on a 204 without Content-Length.
    void reply.code(204).header('content-length', '0').send();
  });
  // Lets OPTIONS reach the hook for every path; the hook always answers it first.
  app.options('*', (_req, reply) => {
    void reply.code(204).send();
  });
}
