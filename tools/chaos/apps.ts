// The two Gavel services as the chaos run drives them: built with createApp / createCacheApp from
// their config schemas (plus overrides), silent, on the system clock, and listening on loopback
// port 0 when real sockets are needed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, loadConfig, randomIds, systemClock } from '@gavel/common';
import {
  createApp,
  ServerConfigSchema,
  SERVER_ENV_PREFIX,
  type ServerApp,
  type ServerDeps,
} from '@gavel/server';
import { createCacheApp, resolveCacheConfig, type CacheApp } from '@gavel/cache';

const logger = () => createLogger({ level: 'silent', name: 'chaos' });
const version = { version: 'chaos', revision: 'chaos' };

export function serverConfig(overrides: Record<string, unknown>) {
  return loadConfig(ServerConfigSchema, {
    argv: [],
    env: {},
    envPrefix: SERVER_ENV_PREFIX,
    // Never the internet: no vendor-list or currency fetching; one process.
    overrides: [
      { privacy: { gdpr: { vendorlist: { enabled: false } } }, currency: { 'rates-url': '' }, workers: 0 },
      overrides,
    ],
  }).config;
}

export async function buildServer(overrides: Record<string, unknown>, deps: Partial<ServerDeps> = {}) {
  return createApp(
    serverConfig(overrides),
    Object.assign({ logger: logger(), version, clock: systemClock, ids: randomIds }, deps),
  );
}

export async function buildCache(overrides: Record<string, unknown>): Promise<CacheApp> {
  return createCacheApp(resolveCacheConfig(overrides), { logger: logger(), version });
}

export interface Listening {
  url: string;
  port: number;
}

export async function listen(app: ServerApp | CacheApp): Promise<Listening> {
  const url = await app.publicApp.listen({ host: '127.0.0.1', port: 0 });
  return { url, port: (app.publicApp.server.address() as AddressInfo).port };
}

export async function closeApp(app: ServerApp | CacheApp): Promise<void> {
  await Promise.all([app.publicApp.close(), app.adminApp.close()]);
  await app.closeResources();
}

/** A plain loopback HTTP server (mock bidders, the reCAPTCHA verifier). */
export async function httpServer(
  handler: Parameters<typeof createServer>[1],
): Promise<Listening & { server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, url: `http://127.0.0.1:${port}` };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An auction answered from the bundled stored auction response (no bidder is called). */
export function storedResponseAuction(o: { id: string; page: string }) {
  return {
    id: o.id,
    site: { page: o.page, publisher: { id: 'example-publisher' } },
    imp: [
      {
        id: 'i1',
        banner: { format: [{ w: 300, h: 250 }] },
        ext: {
          core: {
            bidder: { pubmatic: { publisherId: '1' } },
            storedauctionresponse: { id: 'example-auction-response' },
          },
        },
      },
    ],
  };
}
