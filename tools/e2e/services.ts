// Both Gavel services in this process, each on a free 127.0.0.1 port, configured as a Prebid Server
// for unchanged Prebid.js (`ext-namespace: prebid`): the cache service, then the auction server
// caching into it, with the mock bidders declared as generic OpenRTB bidders.
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  Server,
  ServerResponse,
} from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createLogger, loadConfig, randomIds, systemClock, type LogLevel } from '@gavel/common';
import { CACHE_ENV_PREFIX, CacheConfigSchema, createCacheApp } from '@gavel/cache';
import { createApp, SERVER_ENV_PREFIX, ServerConfigSchema } from '@gavel/server';
import { VENDOR_IDS } from './tcf.js';

export const RATES_FILE = fileURLToPath(new URL('./fixtures/rates.json', import.meta.url));
const STORED_DIR = fileURLToPath(new URL('./fixtures/stored', import.meta.url));
/** Account whose stored settings turn events on (fixtures/stored/accounts). */
export const EVENTS_ACCOUNT = 'e2e-events';
export const PLAIN_ACCOUNT = 'e2e-pub';

/** One request the auction server's public port answered. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  status: number;
  headers: IncomingHttpHeaders;
  responseHeaders: OutgoingHttpHeaders;
}

export interface GavelServices {
  /** http://127.0.0.1:<port> of the auction server's public port. */
  origin: string;
  cacheOrigin: string;
  /** Every request the public port answered, in order (recorded at the socket, outside Gavel). */
  seen: SeenRequest[];
  /** Resolves once no request is in flight: every answer the page has seen is then in `seen`. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The headers an answer was written with: node's header map plus those given to writeHead. */
function captureHeaders(res: ServerResponse): OutgoingHttpHeaders {
  const captured: OutgoingHttpHeaders = {};
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    const headers = args.find((a) => typeof a === 'object' && a !== null && !Array.isArray(a));
    for (const [k, v] of Object.entries((headers ?? {}) as OutgoingHttpHeaders))
      captured[k.toLowerCase()] = v;
    return writeHead(...args);
  };
  return captured;
}

/** Records what reaches a node:http server without taking part in answering it. */
function recordRequests(server: Server, seen: SeenRequest[]): () => Promise<void> {
  let inFlight = 0;
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    const written = captureHeaders(res);
    res.on('close', () => (inFlight -= 1));
    res.on('finish', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        status: res.statusCode,
        headers: req.headers,
        responseHeaders: Object.assign({}, res.getHeaders(), written),
      });
    });
  });
  return async () => {
    while (inFlight > 0) await new Promise((r) => setTimeout(r, 10));
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** E2E_LOG_LEVEL=info (or debug, ...) shows the services' logs; silent by default. */
const quiet = (name: string) =>
  createLogger({ level: (process.env.E2E_LOG_LEVEL ?? 'silent') as LogLevel, name });
const version = { version: 'e2e', revision: 'e2e' };

function bidder(mockOrigin: string, name: keyof typeof VENDOR_IDS) {
  return {
    endpoint: `${mockOrigin}/bid/${name}`,
    'gvl-vendor-id': VENDOR_IDS[name],
    'modifying-vast-xml-allowed': true,
    capabilities: { site: ['banner', 'video', 'native'] },
    'user-sync': {
      redirect: { url: `${mockOrigin}/sync/${name}?r={{redirect_url}}`, 'user-macro': '$UID' },
    },
  };
}

function serverOverrides(o: { port: number; mockOrigin: string; cacheHost: string }) {
  const origin = `http://127.0.0.1:${o.port}`;
  return {
    'ext-namespace': 'prebid',
    'external-url': origin,
    bidders: { alphabid: bidder(o.mockOrigin, 'alphabid'), betabid: bidder(o.mockOrigin, 'betabid') },
    cache: { host: o.cacheHost, 'public-scheme': 'http', 'timeout-ms': 1000 },
    currency: { 'rates-file': RATES_FILE, 'refresh-interval-seconds': 0 },
    settings: { files: { dir: STORED_DIR } },
    privacy: {
      gdpr: {
        'vendorlist-wait-ms': 2000,
        vendorlist: {
          'url-template': `${o.mockOrigin}/gvl/v{specVersion}/vendor-list-v{listVersion}.json`,
          'latest-url-template': `${o.mockOrigin}/gvl/v{specVersion}/vendor-list.json`,
        },
      },
    },
  };
}

async function startCache() {
  const config = loadConfig(CacheConfigSchema, {
    argv: [],
    env: {},
    envPrefix: CACHE_ENV_PREFIX,
    overrides: [],
  }).config;
  const app = await createCacheApp(config, { logger: quiet('e2e-cache'), version });
  const origin = await app.publicApp.listen({ host: '127.0.0.1', port: 0 });
  return { app, origin };
}

/** Starts the cache service and the auction server; `mockOrigin` serves bidders and vendor lists. */
export async function startGavel(mockOrigin: string): Promise<GavelServices> {
  const cache = await startCache();
  const port = await freePort();
  const config = loadConfig(ServerConfigSchema, {
    argv: [],
    env: {},
    envPrefix: SERVER_ENV_PREFIX,
    overrides: [serverOverrides({ port, mockOrigin, cacheHost: new URL(cache.origin).host })],
  }).config;
  const server = await createApp(config, {
    logger: quiet('e2e-server'),
    version,
    clock: systemClock,
    ids: randomIds,
  });
  const seen: SeenRequest[] = [];
  const settled = recordRequests(server.publicApp.server, seen);
  await server.publicApp.listen({ host: '127.0.0.1', port });
  return {
    origin: `http://127.0.0.1:${port}`,
    cacheOrigin: cache.origin,
    seen,
    settled,
    close: async () => {
      await server.publicApp.close();
      await server.adminApp.close();
      await server.closeResources();
      await cache.app.publicApp.close();
      await cache.app.adminApp.close();
      await cache.app.closeResources();
    },
  };
}
