// Ports, logging, health, shutdown and HTTP limits of the auction server.
import { Type } from '@sinclair/typebox';
import { port, section } from '@gavel/common';

export const coreSection = {
  host: Type.String({ default: '0.0.0.0', description: 'Interface the public port binds to' }),
  port: port(8000, 'Public port: auction, AMP, video, cookie sync, events, /status, /version'),
  'external-url': Type.String({
    default: 'http://localhost:8000',
    description: 'Public base URL of this server (event and sync URLs)',
  }),
  admin: section(
    {
      host: Type.String({ default: '127.0.0.1', description: 'Interface the admin port binds to' }),
      port: port(8060, 'Admin port: /metrics, /currency/rates, stored-data invalidation, /status, /version'),
    },
    'Admin port (never routed on the public port)',
  ),
  log: section(
    {
      level: Type.Union(
        ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
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
  'max-request-size': Type.Integer({
    minimum: 1,
    default: 262144,
    description: 'Largest accepted request body in bytes (413 beyond it)',
  }),
  workers: Type.Integer({
    minimum: -1,
    default: -1,
    description:
      'Worker processes (node:cluster) serving both ports: -1 = one per core, 0 = no cluster (one process). State kept in memory (cache backend, stored-data cache, rates) is per process',
  }),
  'ext-namespace': Type.Union([Type.Literal('core'), Type.Literal('prebid')], {
    default: 'core',
    description:
      "The service's own ext namespace: `core` (ext.core.*) or `prebid` for unchanged Prebid.js / Prebid Mobile clients",
  }),
};
