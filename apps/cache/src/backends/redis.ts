// Redis backend (ioredis), standalone or Cluster: create-only writes with SET NX EX, a batch in
// one MULTI/EXEC (standalone) so it is atomic; any Redis failure is a 5xx, never "key exists" (503
// while Redis cannot be reached).
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { BackendError, BackendTimeoutError, type ReadinessTask } from '@gavel/common';
import { decodeEntry, encodeEntry } from './entry-codec.js';
import { BackendUnavailableError, CorruptedEntryError } from './errors.js';
import type { CacheBackend, CacheEntry, PutItem, PutOutcome } from './types.js';

export interface RedisBackendOptions {
  mode: 'standalone' | 'cluster';
  host: string;
  port: number;
  db: number;
  /** `host:port` seeds (cluster mode). */
  nodes: readonly string[];
  username: string;
  password: string;
  keyPrefix: string;
  commandTimeoutMs: number;
  connectTimeoutMs: number;
  tls: { enabled: boolean; caFile: string; servername: string; rejectUnauthorized: boolean };
  /** Told when the connection is up or lost (GET /status). */
  readiness?: ReadinessTask;
}

function tlsOptions(o: RedisBackendOptions): ConnectionOptions | undefined {
  if (!o.tls.enabled) return undefined;
  return {
    rejectUnauthorized: o.tls.rejectUnauthorized,
    ...(o.tls.caFile ? { ca: readFileSync(o.tls.caFile) } : {}),
    ...(o.tls.servername ? { servername: o.tls.servername } : {}),
  };
}

function connectionOptions(o: RedisBackendOptions): RedisOptions {
  const tls = tlsOptions(o);
  return {
    ...(o.username ? { username: o.username } : {}),
    ...(o.password ? { password: o.password } : {}),
    ...(tls ? { tls } : {}),
    connectTimeout: o.connectTimeoutMs,
    commandTimeout: o.commandTimeoutMs,
    // Fail fast while disconnected (a 5xx now beats a request hanging until Redis returns);
    // reconnection keeps running in the background, so the service recovers by itself.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times: number) => Math.min(times * 100, 2000),
  };
}

function parseNode(node: string): { host: string; port: number } {
  const at = node.lastIndexOf(':');
  if (at < 0) return { host: node, port: 6379 };
  return { host: node.slice(0, at), port: Number(node.slice(at + 1)) };
}

/**
 * A Redis failure as a catalogue error: an error reply of the server 500 with Redis's reason (as
 * Prebid Cache), a timeout 504, anything else — the connection down, refused or closed — 503
 * "cache back-end (redis) unavailable". ioredis's own texts ("Stream isn't writeable …") are not
 * answered: they stay in the error's cause, which the request log records.
 */
export function toBackendError(err: unknown, op: string): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof Error && err.name === 'ReplyError')
    return new BackendError(`redis ${op} failed: ${message}`, { cause: err });
  if (/timed out/i.test(message))
    return new BackendTimeoutError(`cache back-end (redis) timed out (${op})`, { cause: err });
  return new BackendUnavailableError('redis', { cause: err });
}

type Client = Redis | Cluster;

/** What the operations share: the connection, and the prefix of every key. */
interface Conn {
  readonly client: Client;
  readonly keyPrefix: string;
}

function connect(o: RedisBackendOptions): Client {
  const client: Client =
    o.mode === 'cluster'
      ? new Cluster(o.nodes.map(parseNode), {
          redisOptions: connectionOptions(o),
          enableOfflineQueue: false,
          clusterRetryStrategy: (times: number) => Math.min(times * 100, 2000),
        })
      : new Redis({ ...connectionOptions(o), host: o.host, port: o.port, db: o.db });
  client.on('ready', () => o.readiness?.ready());
  client.on('close', () => o.readiness?.unready('redis connection lost, reconnecting'));
  // ioredis emits 'error' on every failed reconnect; requests report failures themselves.
  client.on('error', () => {});
  return client;
}

async function setNx(c: Conn, item: PutItem): Promise<PutOutcome> {
  const reply = await c.client.set(
    c.keyPrefix + item.key,
    encodeEntry(item.entry),
    'EX',
    item.ttlSeconds,
    'NX',
  );
  return reply === 'OK' ? 'stored' : 'exists';
}

// Undo the writes of a batch that failed half-way (only keys this batch created).
async function rollback(
  c: Conn,
  items: readonly PutItem[],
  outcomes: readonly (PutOutcome | undefined)[],
): Promise<void> {
  const created = items.filter((_, i) => outcomes[i] === 'stored').map((i) => c.keyPrefix + i.key);
  if (created.length === 0) return;
  await Promise.allSettled(created.map((key) => c.client.del(key)));
}

async function putBatchAtomic(c: Conn, items: readonly PutItem[]): Promise<PutOutcome[]> {
  const multi = (c.client as Redis).multi();
  for (const item of items)
    multi.set(c.keyPrefix + item.key, encodeEntry(item.entry), 'EX', item.ttlSeconds, 'NX');
  let replies: [Error | null, unknown][] | null;
  try {
    replies = await multi.exec();
  } catch (err) {
    throw toBackendError(err, 'batch write');
  }
  if (!replies) throw new BackendError('redis batch write failed: transaction aborted');
  const outcomes = replies.map(([err, reply]) =>
    err ? undefined : reply === 'OK' ? ('stored' as const) : ('exists' as const),
  );
  const failed = replies.find(([err]) => err)?.[0];
  if (failed) {
    await rollback(c, items, outcomes);
    throw toBackendError(failed, 'batch write');
  }
  return outcomes as PutOutcome[];
}

// A Cluster spreads keys over slots, and MULTI cannot span slots: write each key where it lives
// and delete what this batch created if any write fails (all-or-nothing as seen by readers
// once the call returns).
async function putBatchCluster(c: Conn, items: readonly PutItem[]): Promise<PutOutcome[]> {
  // Writes run in parallel: a key repeated in the batch must not race itself (first one wins).
  const seen = new Set<string>();
  const settled = await Promise.allSettled(
    items.map((item) => {
      if (seen.has(item.key)) return Promise.resolve('exists' as const);
      seen.add(item.key);
      return setNx(c, item);
    }),
  );
  const outcomes = settled.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    await rollback(c, items, outcomes);
    throw toBackendError(failed.reason, 'batch write');
  }
  return outcomes as PutOutcome[];
}

export function createRedisBackend(o: RedisBackendOptions): CacheBackend {
  const client = connect(o);
  const c: Conn = { client, keyPrefix: o.keyPrefix };
  return {
    name: 'redis',
    put: async (key, entry, ttlSeconds) => {
      try {
        return await setNx(c, { key, entry, ttlSeconds });
      } catch (err) {
        throw toBackendError(err, 'write');
      }
    },
    putBatch: async (items) => {
      if (items.length === 0) return [];
      if (items.length === 1) {
        const [only] = items as [PutItem];
        try {
          return [await setNx(c, only)];
        } catch (err) {
          throw toBackendError(err, 'write');
        }
      }
      return o.mode === 'cluster' ? putBatchCluster(c, items) : putBatchAtomic(c, items);
    },
    get: async (key): Promise<CacheEntry | undefined> => {
      let stored: string | null;
      try {
        stored = await client.get(c.keyPrefix + key);
      } catch (err) {
        throw toBackendError(err, 'read');
      }
      if (stored === null) return undefined;
      const entry = decodeEntry(stored);
      if (!entry) throw new CorruptedEntryError(key);
      return entry;
    },
    close: async () => {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
