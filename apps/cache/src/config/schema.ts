// The cache service's one config schema: types, defaults, validation and docs/config.md.
import { Type, type Static } from '@sinclair/typebox';
import { port, secret, section, serviceSections } from '@gavel/common';

export const CACHE_ENV_PREFIX = 'GAVEL_CACHE_SVC_';

export const CacheConfigSchema = section(
  {
    ...serviceSections({
      publicPort: 2424,
      publicDescription: 'Public port: POST/GET /cache, /status, /version',
      adminPort: 2525,
      adminDescription:
        'Admin port: /metrics, /status, /version (and POST /cache when public writes are off)',
    }),
    'request-limits': section(
      {
        'max-size-bytes': Type.Integer({
          minimum: 1,
          default: 10240,
          description:
            'Largest stored value per put, in bytes of the type name plus the value (xml: the XML text; json: the raw JSON text)',
        }),
        'max-num-values': Type.Integer({
          minimum: 0,
          default: 10,
          description: 'Most puts in one POST /cache',
        }),
        'max-ttl-seconds': Type.Integer({
          minimum: 1,
          default: 3600,
          description: 'Longest lifetime of an entry; a longer ttlseconds is clamped to it',
        }),
        'default-ttl-seconds': Type.Integer({
          minimum: 1,
          default: 3600,
          description: 'Lifetime of a put without ttlseconds (or with 0); clamped to max-ttl-seconds',
        }),
        'allow-setting-keys': Type.Boolean({
          default: false,
          description:
            "Honour a put's `key` (the uuid is then the key) and accept GET ids that are not 36 characters",
        }),
      },
      'Limits on POST /cache',
    ),
    routes: section(
      {
        'allow-public-write': Type.Boolean({
          default: true,
          description: 'Serve POST /cache on the public port; when false, only the admin port accepts writes',
        }),
      },
      'Routes',
    ),
    'error-messages': Type.Union([Type.Literal('descriptive'), Type.Literal('upstream')], {
      default: 'descriptive',
      description:
        "400 bodies of POST /cache: `descriptive` prefixes the offending field (`puts[2].type: ...`); `upstream` uses Prebid Cache's exact texts",
    }),
    'referer-sampling-rate': Type.Number({
      minimum: 0,
      maximum: 1,
      default: 0,
      description: 'Share of requests whose Referer header is logged at info level',
    }),
    backend: section(
      {
        type: Type.Union([Type.Literal('memory'), Type.Literal('redis')], {
          default: 'memory',
          description: 'Where entries live',
        }),
        memory: section(
          {
            'max-bytes': Type.Integer({
              minimum: 1024,
              default: 268435456,
              description:
                'Total bytes of keys and values kept in process; least-recently-used entries are evicted beyond it',
            }),
          },
          'In-process backend',
        ),
        redis: section(
          {
            mode: Type.Union([Type.Literal('standalone'), Type.Literal('cluster')], {
              default: 'standalone',
              description: 'A single Redis server (or a primary behind a proxy) or a Redis Cluster',
            }),
            host: Type.String({ default: '127.0.0.1', description: 'Standalone server host' }),
            port: port(6379, 'Standalone server port'),
            db: Type.Integer({ minimum: 0, default: 0, description: 'Standalone database number' }),
            nodes: Type.Array(Type.String(), {
              default: [],
              description: 'Cluster seed nodes as `host:port` (cluster mode)',
            }),
            username: Type.String({ default: '', description: 'ACL user name (empty: default user)' }),
            password: secret(Type.String({ default: '', description: 'Password (empty: no AUTH)' })),
            'key-prefix': Type.String({
              default: 'gavel-cache:',
              description: 'Prepended to every key, so several services can share one Redis',
            }),
            'command-timeout-ms': Type.Integer({
              minimum: 1,
              default: 500,
              description: 'A command not answered within this time fails the request (504)',
            }),
            'connect-timeout-ms': Type.Integer({
              minimum: 1,
              default: 2000,
              description: 'Deadline of one connection attempt',
            }),
            tls: section(
              {
                enabled: Type.Boolean({ default: false, description: 'Connect with TLS' }),
                'ca-file': Type.String({
                  default: '',
                  description: 'PEM file of the CA to trust (empty: the system store)',
                }),
                servername: Type.String({
                  default: '',
                  description: 'SNI / certificate name to verify (empty: the host)',
                }),
                'reject-unauthorized': Type.Boolean({
                  default: true,
                  description: 'Refuse servers whose certificate does not verify',
                }),
              },
              'TLS to Redis',
            ),
          },
          'Redis backend (ioredis)',
        ),
      },
      'Storage backend',
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
