// The config keys every Gavel service has (ports, logging, health, shutdown), defined once so
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
    log: section(
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
    ),
    status: section(
      {
        response: Type.String({
          default: 'ok',
          description: 'Body of GET /status when ready (200); set it empty to answer 204 No Content',
        }),
      },
      'Health check',
    ),
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
