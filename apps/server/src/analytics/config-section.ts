// Host config of the analytics adapters: `analytics.log.*` (G `analytics.file.filename`) and
// `analytics.http.*` (Gavel's batching HTTP adapter; its batch keys follow G/J pubstack `buffers`).
import { Type, type Static } from '@sinclair/typebox';
import { secret, section } from '@gavel/common';

const queueSize = Type.Integer({
  minimum: 1,
  default: 10000,
  description: 'Events waiting in memory at most; when full, new events are dropped and counted',
});

export const analyticsLogSchema = section(
  {
    enabled: Type.Boolean({ default: false, description: 'Write every analytics event as a JSON line' }),
    file: Type.String({
      default: '',
      description: 'File the lines are appended to (opened at start-up); empty = standard output',
    }),
    'queue-size': queueSize,
    'batch-size': Type.Integer({
      minimum: 1,
      default: 100,
      description: 'Events written per write call at most',
    }),
    'batch-bytes': Type.Integer({
      minimum: 1,
      default: 1_048_576,
      description: 'A batch takes no more events once it holds this many bytes',
    }),
    'flush-interval-ms': Type.Integer({
      minimum: 0,
      default: 100,
      description:
        'A batch that is not full is written this long after its first event (0 = at the next turn of the event loop)',
    }),
  },
  'Log analytics adapter (name `log`): JSON lines to a file or stdout',
);

export const analyticsHttpSchema = section(
  {
    enabled: Type.Boolean({ default: false, description: 'POST analytics events in batches to `url`' }),
    url: Type.String({ default: '', description: 'Collector URL (http or https); required when enabled' }),
    'batch-size': Type.Integer({
      minimum: 1,
      default: 100,
      description: 'Events per POST at most; a full batch is sent at once',
    }),
    'batch-bytes': Type.Integer({
      minimum: 1,
      default: 1_048_576,
      description:
        'A batch takes no more events once its body holds this many bytes; it is then sent at once',
    }),
    'batch-interval-ms': Type.Integer({
      minimum: 1,
      default: 1000,
      description: 'A partial batch is sent this long after its first event',
    }),
    'max-retries': Type.Integer({
      minimum: 0,
      default: 3,
      description:
        'Retries of a failed POST (network error, timeout, 429, 5xx) before its events are dropped',
    }),
    'retry-initial-ms': Type.Integer({
      minimum: 1,
      default: 500,
      description: 'First retry delay; doubles per retry up to retry-max-ms, with 50–100 % jitter',
    }),
    'retry-max-ms': Type.Integer({ minimum: 1, default: 30000, description: 'Longest retry delay' }),
    'timeout-ms': Type.Integer({
      minimum: 1,
      default: 5000,
      description: 'Time limit of one POST; also how long shutdown waits for the last batches',
    }),
    'max-in-flight': Type.Integer({
      minimum: 1,
      default: 4,
      description:
        'Batches posted at once at most, each on its own connection, batches waiting for a retry included',
    }),
    'queue-size': queueSize,
    headers: secret(
      Type.Record(Type.String(), Type.String(), {
        default: {},
        description: 'Extra request headers, e.g. an API key (content-type is application/json)',
      }),
    ),
  },
  'HTTP analytics adapter (name `http`): batched JSON POSTs with retry and back-off',
);

export const analyticsSection = {
  analytics: section(
    {
      'warn-every': Type.Integer({
        minimum: 1,
        default: 1000,
        description: 'Dropped events per warning log line, per adapter (the first drop always warns)',
      }),
      log: analyticsLogSchema,
      http: analyticsHttpSchema,
    },
    'Analytics adapters (docs/analytics.md)',
  ),
};

export type AnalyticsConfig = Static<(typeof analyticsSection)['analytics']>;
