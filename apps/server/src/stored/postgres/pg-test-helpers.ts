// Test helpers for the PostgreSQL source: a unique schema per test file, reachability (skip locally,
// never when CI=true), and a TCP proxy in front of 5432 that can cut and restore the database.
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_URL = process.env['GAVEL_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Undefined when reachable; otherwise the skip reason. Throws under CI (tests must not skip there). */
export async function pgSkipReason(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return undefined;
  } catch (err) {
    if (process.env['CI'] === 'true')
      throw new Error(`PostgreSQL unreachable under CI: ${(err as Error).message}`);
    return `PostgreSQL unreachable at ${PG_URL}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function uniqueSchema(tag: string): string {
  return `gavel_${tag}_${process.pid}_${randomBytes(3).toString('hex')}`;
}

export interface PgProxy {
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startPgProxy(target = new URL(PG_URL)): Promise<PgProxy> {
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(PG_URL);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
