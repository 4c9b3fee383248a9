// Scenario 4: slow clients (slowloris) — connections that send their headers byte by byte, and
// connections that send a body byte by byte. Holds: the server keeps serving others meanwhile; each
// slow connection is cut within the bound Gavel's HTTP server is configured with (headersTimeout /
// requestTimeout, checked every connectionsCheckingInterval). The run sets the `http-server` timeouts
// to fit the window it watches (the defaults, 10 s / 15 s, when it watches long enough); a bound
// longer than the run watches, or none at all, is a known gap.
import net from 'node:net';
import { request } from 'undici';
import { buildServer, closeApp, listen, sleep, storedResponseAuction } from './apps.js';
import type { Table } from './table.js';

const DRIP_MS = 500;
/** Gavel's defaults (packages/common/src/config/service-sections.ts `http-server`). */
const DEFAULT_HEADERS_MS = 10_000;
const DEFAULT_REQUEST_MS = 15_000;

/** The defaults when the window sees them through, else bounds scaled down to the window. */
function timeoutsFor(windowMs: number): Record<string, number> {
  if (windowMs >= 2 * DEFAULT_REQUEST_MS)
    return { 'headers-timeout-ms': DEFAULT_HEADERS_MS, 'request-timeout-ms': DEFAULT_REQUEST_MS };
  return {
    'headers-timeout-ms': Math.round(windowMs / 4),
    'request-timeout-ms': Math.round(windowMs / 2.5),
  };
}

interface SlowClient {
  closedAfterMs?: number;
  stop(): void;
}

function slowClient(port: number, mode: 'headers' | 'body'): SlowClient {
  const started = performance.now();
  const socket = net.connect(port, '127.0.0.1');
  const c: SlowClient = { stop: () => socket.destroy() };
  socket.on('error', () => undefined);
  socket.on('close', () => (c.closedAfterMs ??= performance.now() - started));
  socket.on('data', () => undefined);
  socket.on('connect', () => {
    socket.write(
      mode === 'headers'
        ? 'POST /openrtb2/auction HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '
        : 'POST /openrtb2/auction HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"id":"',
    );
    const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write('a')), DRIP_MS);
    socket.on('close', () => clearInterval(timer));
  });
  return c;
}

async function serveOthers(url: string, untilMs: number): Promise<{ tried: number; slow: string[] }> {
  const slow: string[] = [];
  let tried = 0;
  const end = performance.now() + untilMs;
  const body = JSON.stringify(storedResponseAuction({ id: 'x', page: 'https://x' }));
  while (performance.now() < end) {
    const started = performance.now();
    try {
      const res = await request(`${url}/openrtb2/auction`, {
        method: 'POST',
        body,
        headersTimeout: 2000,
        bodyTimeout: 2000,
      });
      await res.body.text();
      const ms = performance.now() - started;
      if (res.statusCode !== 200 || ms > 1000) slow.push(`${res.statusCode} in ${ms.toFixed(0)} ms`);
    } catch (err) {
      slow.push((err as Error).message);
    }
    tried++;
    await sleep(100);
  }
  return { tried, slow };
}

function boundOf(limitMs: number, checkMs: number): number | undefined {
  return limitMs > 0 ? limitMs + checkMs + 1000 : undefined;
}

export async function runSlowloris(o: {
  table: Table;
  log: (l: string) => void;
  clients: number;
  windowMs: number;
}) {
  const app = await buildServer({ 'http-server': timeoutsFor(o.windowMs) });
  const { url, port } = await listen(app);
  const srv = app.publicApp.server;
  const limits = { headers: srv.headersTimeout, body: srv.requestTimeout };
  const checkMs = (srv as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval;
  const clients = { headers: [] as SlowClient[], body: [] as SlowClient[] };
  for (let i = 0; i < o.clients; i++) {
    clients.headers.push(slowClient(port, 'headers'));
    clients.body.push(slowClient(port, 'body'));
  }
  try {
    const bounds = { headers: boundOf(limits.headers, checkMs), body: boundOf(limits.body, checkMs) };
    const watch = Math.min(o.windowMs, Math.max(bounds.headers ?? 0, bounds.body ?? 0) || o.windowMs);
    const others = await serveOthers(url, watch);
    o.table.check({
      scenario: 'slow clients: others still served',
      tried: `${others.tried} auctions beside ${2 * o.clients} slow connections`,
      ok: others.slow.length === 0,
      notes:
        others.slow.length === 0
          ? `every auction 200 within 1 s over ${(watch / 1000).toFixed(0)} s`
          : others.slow.slice(0, 5).join('; '),
    });
    for (const mode of ['headers', 'body'] as const)
      slowRow(o.table, {
        mode,
        clients: clients[mode],
        limitMs: limits[mode],
        checkMs,
        boundMs: bounds[mode],
        watchedMs: watch,
      });
  } finally {
    for (const c of [...clients.headers, ...clients.body]) c.stop();
    await closeApp(app);
  }
}

function slowRow(
  table: Table,
  r: {
    mode: 'headers' | 'body';
    clients: SlowClient[];
    limitMs: number;
    checkMs: number;
    boundMs: number | undefined;
    watchedMs: number;
  },
) {
  const setting = r.mode === 'headers' ? 'headersTimeout' : 'requestTimeout';
  const open = r.clients.filter((c) => c.closedAfterMs === undefined).length;
  const latest = Math.max(0, ...r.clients.map((c) => c.closedAfterMs ?? 0));
  const tried = `${r.clients.length} connections dripping ${r.mode} (1 byte / ${DRIP_MS} ms)`;
  const scenario = `slow clients: ${r.mode} cut by ${setting}`;
  if (r.boundMs === undefined) {
    table.gap({
      scenario,
      tried,
      ok: false,
      notes: `${setting} is ${r.limitMs} (off): ${open} of ${r.clients.length} still open after ${(r.watchedMs / 1000).toFixed(0)} s; http-server.${r.mode === 'headers' ? 'headers' : 'request'}-timeout-ms is 0, so a slow ${r.mode} client holds its socket indefinitely`,
    });
    return;
  }
  const cut = open === 0 && latest <= r.boundMs;
  const notes = `${setting} ${r.limitMs} ms (+ the ${r.checkMs} ms check interval → bound ${(r.boundMs / 1000).toFixed(0)} s): ${open === 0 ? `all cut, the last after ${(latest / 1000).toFixed(1)} s` : `${open} of ${r.clients.length} still open after ${(r.watchedMs / 1000).toFixed(0)} s`}`;
  if (r.boundMs > r.watchedMs) {
    table.gap({
      scenario,
      tried,
      ok: cut,
      notes: `${notes} — the bound is longer than this run watches (${(r.watchedMs / 1000).toFixed(0)} s; --long watches 120 s); http-server timeouts: packages/common/src/config/service-sections.ts`,
    });
    return;
  }
  table.check({ scenario, tried, ok: cut, notes });
}
