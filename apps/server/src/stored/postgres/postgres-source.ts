// PostgreSQL source of the stored-data seam (notes §16 "Postgres"): pooled pg, one query per kind
// for many ids, and change feeds (poll by updated_at, LISTEN/NOTIFY) that invalidate caches.
import pg from 'pg';
import type { Logger } from '@gavel/common';
import {
  decodeStored,
  notFound,
  unavailable,
  type StoredKind,
  type StoredResult,
  type StoredSource,
} from '../types.js';
import { quoteIdent } from './migrate.js';
import { NOTIFY_CHANNEL, PG_TABLES } from './migrations.js';

export interface PostgresSourceOptions {
  connectionString: string;
  schema: string;
  poolSize: number;
  /** Per-query deadline; a dead database fails lookups within it. */
  queryTimeoutMs: number;
  /** Poll rows with updated_at newer than the last poll; 0 = off. */
  refreshIntervalMs: number;
  /** LISTEN on gavel_stored (reconnects after failures). */
  listen: boolean;
  /** Called with the ids whose cached copies are stale (all of the kind when ids is undefined). */
  onChange: (kind: StoredKind, ids?: readonly string[]) => void;
  logger: Logger;
  /** Timers of the LISTEN reconnects (tests inject theirs to see the backoff); node's by default. */
  listenTimers?: ListenTimers;
}

export interface ListenTimers {
  set(reconnect: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

const NODE_TIMERS: ListenTimers = {
  set: (reconnect, delayMs) => setTimeout(reconnect, delayMs).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

const LISTEN_RETRY_MS = 1000;
const LISTEN_RETRY_MAX_MS = 30_000;

const KINDS_BY_TABLE = new Map<string, StoredKind[]>();
for (const [kind, table] of Object.entries(PG_TABLES) as [StoredKind, string][])
  KINDS_BY_TABLE.set(table, [...(KINDS_BY_TABLE.get(table) ?? []), kind]);

/** What the source's start-up, lookups, change feeds and close share. */
interface PgState {
  readonly o: PostgresSourceOptions;
  readonly schema: string;
  readonly connectTimeoutMs: number;
  readonly pool: pg.Pool;
  readonly timers: ListenTimers;
  closed: boolean;
  pollTimer: NodeJS.Timeout | undefined;
  reconnectTimer: unknown;
  /** The newest updated_at seen by the poll (undefined before its first run). */
  since: string | undefined;
  listener: pg.Client | undefined;
  listenFailures: number;
}

function createPool(o: PostgresSourceOptions, connectTimeoutMs: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: o.connectionString,
    max: o.poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: o.queryTimeoutMs,
    idleTimeoutMillis: 30_000,
  });
  // An idle client dying (database restart, network cut) must not crash the process.
  pool.on('error', (err) =>
    o.logger.warn({ err: err.message }, 'stored-data: idle PostgreSQL client failed'),
  );
  return pool;
}

function changed(s: PgState, table: string, ids?: readonly string[]): void {
  for (const kind of KINDS_BY_TABLE.get(table) ?? []) s.o.onChange(kind, ids);
}

function changedAll(s: PgState): void {
  for (const table of KINDS_BY_TABLE.keys()) changed(s, table);
}

async function fetchStored(s: PgState, kind: StoredKind, ids: readonly string[]): Promise<StoredResult> {
  const unique = [...new Set(ids)];
  const result: StoredResult = { found: new Map(), errors: [] };
  let rows: { id: string; data: string }[];
  try {
    const res = await s.pool.query<{ id: string; data: string }>(
      `SELECT id, data FROM ${s.schema}.${PG_TABLES[kind]} WHERE id = ANY($1::text[])`,
      [unique],
    );
    rows = res.rows;
  } catch (err) {
    const detail = `PostgreSQL: ${(err as Error).message}`;
    // The client's text is for the log; the answer names the back-end only (types.ts).
    s.o.logger.warn({ err: detail, kind }, 'stored-data: PostgreSQL lookup failed');
    return { found: result.found, errors: unique.map((id) => unavailable(kind, id, detail, 'postgres')) };
  }
  for (const row of rows) {
    const decoded = decodeStored(kind, row.id, row.data);
    if (decoded.ok) result.found.set(row.id, decoded.value);
    else result.errors.push(decoded.error);
  }
  for (const id of unique) if (!rows.some((r) => r.id === id)) result.errors.push(notFound(kind, id));
  return result;
}

// Polling: rows touched since the newest updated_at seen (the database's clock, never ours).
// Deleted rows are only seen through NOTIFY; with polling alone they expire with the cache TTL.
async function poll(s: PgState): Promise<void> {
  const { pool, schema } = s;
  const union = [...KINDS_BY_TABLE.keys()]
    .map((t) => `SELECT '${t}' AS tbl, id, updated_at FROM ${schema}.${t} WHERE updated_at > $1`)
    .join(' UNION ALL ');
  try {
    if (s.since === undefined) {
      const res = await pool.query<{ max: string | null }>(
        `SELECT max(m)::text AS max FROM (${[...KINDS_BY_TABLE.keys()]
          .map((t) => `SELECT max(updated_at) AS m FROM ${schema}.${t}`)
          .join(' UNION ALL ')}) x`,
      );
      s.since = res.rows[0]?.max ?? '-infinity';
      // What was cached before the watermark existed (a miss for a row written meanwhile) would
      // never be reported by a poll: drop it, as after a LISTEN reconnect.
      changedAll(s);
      return;
    }
    const res = await pool.query<{ tbl: string; id: string; updated_at: string }>(
      `SELECT tbl, id, updated_at::text FROM (${union}) x ORDER BY updated_at`,
      [s.since],
    );
    const byTable = new Map<string, string[]>();
    for (const r of res.rows) {
      byTable.set(r.tbl, [...(byTable.get(r.tbl) ?? []), r.id]);
      s.since = r.updated_at;
    }
    for (const [t, ids] of byTable) changed(s, t, ids);
  } catch (err) {
    s.o.logger.warn({ err: (err as Error).message }, 'stored-data: PostgreSQL refresh failed');
  }
}

// LISTEN on a dedicated connection; after a reconnect everything is stale (notifications were lost).
// Same connect timeout as the pool; reconnects back off from 1 s, doubling up to 30 s.
function listen(s: PgState, reconnecting: boolean): void {
  if (s.closed) return;
  const client = new pg.Client({
    connectionString: s.o.connectionString,
    connectionTimeoutMillis: s.connectTimeoutMs,
  });
  s.listener = client;
  let retried = false;
  const retry = (err?: Error) => {
    if (retried || s.closed) return;
    retried = true;
    if (err) s.o.logger.warn({ err: err.message }, 'stored-data: PostgreSQL LISTEN connection lost');
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    const delay = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MS * 2 ** Math.min(s.listenFailures, 10));
    s.listenFailures += 1;
    s.reconnectTimer = s.timers.set(() => listen(s, true), delay);
  };
  client.on('error', retry);
  client.on('end', () => retry());
  client.on('notification', (msg) => {
    const [table, ...rest] = (msg.payload ?? '').split(':');
    if (table) changed(s, table, [rest.join(':')]);
  });
  client
    .connect()
    .then(() => client.query(`LISTEN ${NOTIFY_CHANNEL}`))
    .then(() => {
      s.listenFailures = 0;
      if (reconnecting) changedAll(s);
    })
    .catch((err: Error) => retry(err));
}

async function closeSource(s: PgState): Promise<void> {
  s.closed = true;
  clearInterval(s.pollTimer);
  if (s.reconnectTimer !== undefined) s.timers.clear(s.reconnectTimer);
  await Promise.all([s.listener?.end().catch(() => undefined), s.pool.end()]);
}

export function createPostgresSource(o: PostgresSourceOptions): StoredSource & { pool: pg.Pool } {
  const schema = quoteIdent(o.schema);
  // Connecting may take longer than one lookup's budget; a refused connection still fails at once.
  const connectTimeoutMs = Math.max(o.queryTimeoutMs, 2000);
  const s: PgState = {
    o,
    schema,
    connectTimeoutMs,
    pool: createPool(o, connectTimeoutMs),
    timers: o.listenTimers ?? NODE_TIMERS,
    closed: false,
    pollTimer: undefined,
    reconnectTimer: undefined,
    since: undefined,
    listener: undefined,
    listenFailures: 0,
  };
  if (o.refreshIntervalMs > 0) {
    void poll(s);
    s.pollTimer = setInterval(() => void poll(s), o.refreshIntervalMs).unref();
  }
  if (o.listen) listen(s, false);

  return {
    pool: s.pool,
    fetch: (kind, ids) => fetchStored(s, kind, ids),
    close: () => closeSource(s),
  };
}
