// The cache service's one config schema: types, defaults, validation and docs/config.md.
import { Type, type Static } from '@sinclair/typebox';
import { port, section } from '@gavel/common';

export const CACHE_ENV_PREFIX = 'GAVEL_CACHE_SVC_';

export const CacheConfigSchema = section(
  {
    host: Type.String({ default: '0.0.0.0', description: 'Interface the public port binds to' }),
    port: port(2424, 'Public port: POST/GET /cache, /status, /version'),
    admin: section(
      {
        host: Type.String({ default: '127.0.0.1', description: 'Interface the admin port binds to' }),
        port: port(
          2525,
          'Admin port: /metrics, /status, /version (and POST /cache when public writes are off)',
        ),
      },
      'Admin port',
    ),
    log: section(
      {
        level: Type.Union(
          ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
          { default: 'info', description: 'pino log level' },
        ),
        requests: Type.Boolean({ default: false, description: 'Log one line per HTTP request' }),
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
    'max-request-bytes': Type.Integer({
      minimum: 1,
      default: 1048576,
      description: 'Largest accepted request body (413 beyond it)',
    }),
  },
  'Cache service configuration',
);

export type CacheConfig = Static<typeof CacheConfigSchema>;
