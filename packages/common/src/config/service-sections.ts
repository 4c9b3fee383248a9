// The config keys every Gavel service has (ports, logging, health, HTTP timeouts, shutdown), defined once so
// both services' schemas, env names and reference stay identical.
import { Type } from '@sinclair/typebox';
import { port, section } from './schema-helpers.js';

export interface ServiceSectionOptions {
  publicPort: number;
  publicDescription: string;
  adminPort: number;
  adminDescription: string;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function serviceSections(opts: ServiceSectionOptions) {
  return {
    host: Type.String({ default: '0.0.0.0', description: 'Interface the public port binds to' }),
    port: port(opts.publicPort, opts.publicDescription),
    admin: section(
      {
        host: Type.String({ default: '127.0.0.1', description: 'Interface the admin port binds to' }),
        port: port(opts.adminPort, opts.adminDescription),
      },
      'Admin port (never routed on the public port)',
    ),
    log: logSection(),
    status: section(
      {
        response: Type.String({
          default: 'ok',
          description: 'Body of GET /status when ready (200); set it empty to answer 204 No Content',
        }),
      },
      'Health check',
    ),
    'http-server': httpServerSection(),
    metrics: metricsSection(),
    shutdown: section(
      {
        'drain-timeout-ms': Type.Integer({
          minimum: 0,
          default: 10000,
          description: 'How long in-flight requests may run after SIGTERM',
        }),
      },
      'Graceful shutdown',
    ),
  };
}

/** Logging: the pino level, and whether to log a line per request. */
function logSection() {
  return section(
    {
      level: Type.Union(
        LOG_LEVELS.map((l) => Type.Literal(l)),
        { default: 'info', description: 'pino log level' },
      ),
      requests: Type.Boolean({
        default: false,
        description: 'Log one line per HTTP request (costly under load)',
      }),
    },
    'Logging',
  );
}

/** The HTTP server timeouts of both ports (create-service-apps.ts applies them). */
function httpServerSection() {
  return section(
    {
      'headers-timeout-ms': Type.Integer({
        minimum: 1,
        default: 10000,
        description:
          'A client must send its request headers within this time, else its connection is cut (slowloris; Node default 60000). At most request-timeout-ms',
      }),
      'request-timeout-ms': Type.Integer({
        minimum: 0,
        default: 15000,
        description:
          "A client must send its whole request (headers and body) within this time, else 408 and the connection is cut (upstream Go's ReadTimeout: 15 s); 0 = no limit",
      }),
      'keep-alive-timeout-ms': Type.Integer({
        minimum: 1,
        default: 72000,
        description:
          'How long an idle keep-alive connection stays open (Fastify default; longer than the 60 s idle timeout of common load balancers)',
      }),
      'connections-check-interval-ms': Type.Integer({
        minimum: 100,
        default: 1000,
        description:
          'How often the two timeouts above are enforced: a slow connection is cut at most this much after its bound (Node default 30000)',
      }),
    },
    'HTTP server timeouts (public and admin port)',
  );
}

/** Process metrics on the admin port. */
function metricsSection() {
  return section(
    {
      'event-loop-resolution-ms': Type.Integer({
        minimum: 1,
        default: 100,
        description:
          "Sampling period of the event-loop delay histogram (`*nodejs_eventloop_lag_*`): stalls longer than this are always seen, shorter ones in proportion. Each sample wakes the serving thread (prom-client's default of 10 ms cost an idle server ~13 ms of CPU a second, docs/performance.md)",
      }),
    },
    'Process metrics on the admin port',
  );
}
