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

export function createPostgresSource(o: PostgresSourceOptions): StoredSource & { pool: pg.Pool } {
  const schema = quoteIdent(o.schema);
  const timeout = o.queryTimeoutMs;
  // Connecting may take longer than one lookup's budget; a refused connection still fails at once.
  const connectTimeoutMs = Math.max(timeout, 2000);
  const pool = new pg.Pool({
    connectionString: o.connectionString,
    max: o.poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: timeout,
    idleTimeoutMillis: 30_000,
  });
  // An idle client dying (database restart, network cut) must not crash the process.
  pool.on('error', (err) =>
    o.logger.warn({ err: err.message }, 'stored-data: idle PostgreSQL client failed'),
  );
  let pollTimer: NodeJS.Timeout | undefined;
  let reconnectTimer: unknown;
  const timers = o.listenTimers ?? NODE_TIMERS;
  let closed = false;

  const changed = (table: string, ids?: readonly string[]) => {
    for (const kind of KINDS_BY_TABLE.get(table) ?? []) o.onChange(kind, ids);
  };
  const changedAll = () => {
    for (const table of KINDS_BY_TABLE.keys()) changed(table);
  };

  async function fetch(kind: StoredKind, ids: readonly string[]): Promise<StoredResult> {
    const unique = [...new Set(ids)];
    const result: StoredResult = { found: new Map(), errors: [] };
    let rows: { id: string; data: string }[];
    try {
      const res = await pool.query<{ id: string; data: string }>(
        `SELECT id, data FROM ${schema}.${PG_TABLES[kind]} WHERE id = ANY($1::text[])`,
        [unique],
      );
      rows = res.rows;
    } catch (err) {
      const detail = `PostgreSQL: ${(err as Error).message}`;
      // The client's text is for the log; the answer names the back-end only (types.ts).
      o.logger.warn({ err: detail, kind }, 'stored-data: PostgreSQL lookup failed');
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
  let since: string | undefined;
  async function poll(): Promise<void> {
    const union = [...KINDS_BY_TABLE.keys()]
      .map((t) => `SELECT '${t}' AS tbl, id, updated_at FROM ${schema}.${t} WHERE updated_at > $1`)
      .join(' UNION ALL ');
    try {
      if (since === undefined) {
        const res = await pool.query<{ max: string | null }>(
          `SELECT max(m)::text AS max FROM (${[...KINDS_BY_TABLE.keys()]
            .map((t) => `SELECT max(updated_at) AS m FROM ${schema}.${t}`)
            .join(' UNION ALL ')}) x`,
        );
        since = res.rows[0]?.max ?? '-infinity';
        // What was cached before the watermark existed (a miss for a row written meanwhile) would
        // never be reported by a poll: drop it, as after a LISTEN reconnect.
        changedAll();
        return;
      }
      const res = await pool.query<{ tbl: string; id: string; updated_at: string }>(
        `SELECT tbl, id, updated_at::text FROM (${union}) x ORDER BY updated_at`,
        [since],
      );
      const byTable = new Map<string, string[]>();
      for (const r of res.rows) {
        byTable.set(r.tbl, [...(byTable.get(r.tbl) ?? []), r.id]);
        since = r.updated_at;
      }
      for (const [t, ids] of byTable) changed(t, ids);
    } catch (err) {
      o.logger.warn({ err: (err as Error).message }, 'stored-data: PostgreSQL refresh failed');
    }
  }
  if (o.refreshIntervalMs > 0) {
    void poll();
    pollTimer = setInterval(() => void poll(), o.refreshIntervalMs).unref();
  }

  // LISTEN on a dedicated connection; after a reconnect everything is stale (notifications were lost).
  // Same connect timeout as the pool; reconnects back off from 1 s, doubling up to 30 s.
  let listener: pg.Client | undefined;
  let listenFailures = 0;
  function listen(reconnecting: boolean): void {
    if (closed) return;
    const client = new pg.Client({
      connectionString: o.connectionString,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    listener = client;
    let retried = false;
    const retry = (err?: Error) => {
      if (retried || closed) return;
      retried = true;
      if (err) o.logger.warn({ err: err.message }, 'stored-data: PostgreSQL LISTEN connection lost');
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      const delay = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MS * 2 ** Math.min(listenFailures, 10));
      listenFailures += 1;
      reconnectTimer = timers.set(() => listen(true), delay);
    };
    client.on('error', retry);
    client.on('end', () => retry());
    client.on('notification', (msg) => {
      const [table, ...rest] = (msg.payload ?? '').split(':');
      if (table) changed(table, [rest.join(':')]);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${NOTIFY_CHANNEL}`))
      .then(() => {
        listenFailures = 0;
        if (reconnecting) changedAll();
      })
      .catch((err: Error) => retry(err));
  }
  if (o.listen) listen(false);

  return {
    pool,
    fetch: (kind, ids) => fetch(kind, ids),
    async close() {
      closed = true;
      clearInterval(pollTimer);
      if (reconnectTimer !== undefined) timers.clear(reconnectTimer);
      await Promise.all([listener?.end().catch(() => undefined), pool.end()]);
    },
  };
}
