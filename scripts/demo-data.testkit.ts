// The bundled demo (README "Stored data"): the example requests of apps/server/stored-data/examples/
// demo.sh, and both services in this process configured as `npm start` configures them (each
// service's defaults, the server with scripts/start-env.json), on free ports.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLogger, loadConfig, randomIds, systemClock } from '@gavel/common';
import { CACHE_ENV_PREFIX, CacheConfigSchema, createCacheApp } from '@gavel/cache';
import { createApp, SERVER_ENV_PREFIX, ServerConfigSchema } from '@gavel/server';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const DEMO_SCRIPT = 'apps/server/stored-data/examples/demo.sh';
const START_ENV = fileURLToPath(new URL('./start-env.json', import.meta.url));

export type Namespace = 'core' | 'prebid';

/** One curl line of demo.sh and the `# expect key=value ...` line above it. */
export interface DemoExample {
  line: string;
  method: string;
  /** Path and query on the auction server's public port (localhost:8000). */
  path: string;
  /** `-d @FILE`, relative to the repository root. */
  bodyFile?: string;
  expect: Record<string, string>;
}

const CURL = /^curl -s (?:-X (?<method>[A-Z]+) )?'?localhost:8000(?<path>\/[^' ]*)'?(?: -d @(?<file>\S+))?$/;

/** Every curl line of demo.sh; a line of another form throws (the test must learn it first). */
export function readExamples(): DemoExample[] {
  const text = readFileSync(new URL(`../${DEMO_SCRIPT}`, import.meta.url), 'utf8');
  const examples: DemoExample[] = [];
  let expect: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const wanted = /^# expect (.+)$/.exec(line)?.[1];
    if (wanted !== undefined)
      expect = Object.fromEntries(wanted.split(/\s+/).map((kv) => kv.split('=', 2) as [string, string]));
    if (!line.startsWith('curl ')) continue;
    const m = CURL.exec(line)?.groups;
    if (!m || m['path'] === undefined) throw new Error(`${DEMO_SCRIPT}: unsupported curl line: ${line}`);
    examples.push({
      line,
      method: m['method'] ?? 'GET',
      path: m['path'],
      ...(m['file'] !== undefined ? { bodyFile: m['file'] } : {}),
      expect,
    });
    expect = {};
  }
  return examples;
}

export interface DemoServices {
  origin: string;
  cacheOrigin: string;
  close(): Promise<void>;
}

const version = { version: 'demo-test', revision: 'demo-test' };
const quiet = (name: string) => createLogger({ level: 'silent', name });

/**
 * The cache service on its defaults, then the auction server on its defaults with start-env.json
 * (its cache host pointed at the cache started here) and GAVEL_EXT_NAMESPACE for `prebid`. The one
 * other difference from `npm start`: no currency file from the internet (`currency.rates-url: ""`).
 */
export async function startDemoServices(ns: Namespace): Promise<DemoServices> {
  const cacheConfig = loadConfig(CacheConfigSchema, {
    argv: [],
    env: {},
    envPrefix: CACHE_ENV_PREFIX,
  }).config;
  const cache = await createCacheApp(cacheConfig, { logger: quiet('demo-cache'), version });
  const cacheOrigin = await cache.publicApp.listen({ host: '127.0.0.1', port: 0 });
  const env = JSON.parse(readFileSync(START_ENV, 'utf8')) as Record<string, string>;
  env['GAVEL_CACHE_HOST'] = new URL(cacheOrigin).host;
  if (ns === 'prebid') env['GAVEL_EXT_NAMESPACE'] = 'prebid';
  const config = loadConfig(ServerConfigSchema, {
    argv: [],
    env,
    envPrefix: SERVER_ENV_PREFIX,
    overrides: [{ currency: { 'rates-url': '' } }],
  }).config;
  const server = await createApp(config, {
    logger: quiet('demo-server'),
    version,
    clock: systemClock,
    ids: randomIds,
  });
  const origin = await server.publicApp.listen({ host: '127.0.0.1', port: 0 });
  return {
    origin,
    cacheOrigin,
    close: async () => {
      await server.publicApp.close();
      await server.adminApp.close();
      await server.closeResources();
      await cache.publicApp.close();
      await cache.adminApp.close();
      await cache.closeResources();
    },
  };
}

/** The example's request as curl sends it: `-d @FILE` posts the file without CR/LF, form-encoded type. */
export async function send(example: DemoExample, origin: string): Promise<{ status: number; body: unknown }> {
  const init: RequestInit = { method: example.method };
  if (example.bodyFile !== undefined) {
    init.body = readFileSync(new URL(`../${example.bodyFile}`, import.meta.url), 'utf8').replace(
      /[\r\n]/g,
      '',
    );
    init.headers = { 'content-type': 'application/x-www-form-urlencoded' };
  }
  const res = await fetch(`${origin}${example.path}`, init);
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every non-empty `errors` member anywhere in an answer, with its path. */
export function findErrors(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => findErrors(v, `${path}[${i}]`));
  if (!isObj(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const empty = v === undefined || v === null || (isObj(v) && Object.keys(v).length === 0);
    if (k === 'errors' && !empty) return [`${path}.errors: ${JSON.stringify(v)}`];
    return findErrors(v, `${path}.${k}`);
  });
}

/** The targeting sets of an answer: auction bids (ext.<ns>.targeting), AMP, video pods. */
export function targetingSets(body: unknown, ns: Namespace): Obj[] {
  if (!isObj(body)) return [];
  if (isObj(body['targeting'])) return [body['targeting']];
  if (Array.isArray(body['adPods']))
    return body['adPods'].flatMap((pod: unknown) =>
      isObj(pod) && Array.isArray(pod['targeting']) ? pod['targeting'].filter(isObj) : [],
    );
  const seatbids = Array.isArray(body['seatbid']) ? (body['seatbid'] as unknown[]) : [];
  return seatbids.flatMap((sb) => {
    const bids = isObj(sb) && Array.isArray(sb['bid']) ? (sb['bid'] as unknown[]) : [];
    return bids.flatMap((bid) => {
      const ext = isObj(bid) && isObj(bid['ext']) ? bid['ext'][ns] : undefined;
      return isObj(ext) && isObj(ext['targeting']) ? [ext['targeting']] : [];
    });
  });
}

/** `ext.<ns>.cache.bids.url` of each auction bid (retrieval URLs given to callers). */
export function cacheUrls(body: unknown, ns: Namespace): string[] {
  const seatbids = isObj(body) && Array.isArray(body['seatbid']) ? (body['seatbid'] as unknown[]) : [];
  return seatbids.flatMap((sb) =>
    (isObj(sb) && Array.isArray(sb['bid']) ? (sb['bid'] as unknown[]) : []).flatMap((bid) => {
      const ext = isObj(bid) && isObj(bid['ext']) ? bid['ext'][ns] : undefined;
      const url =
        isObj(ext) && isObj(ext['cache']) && isObj(ext['cache']['bids'])
          ? ext['cache']['bids']['url']
          : undefined;
      return typeof url === 'string' ? [url] : [];
    }),
  );
}
