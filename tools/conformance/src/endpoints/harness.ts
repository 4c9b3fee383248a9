// Runs one endpoint case against the real app (README §2.3): loopback mock bidders, currency service
// and cache stub; stored data in a temp directory; createApp in the `prebid` namespace with a fixed
// clock, empty request ids and the mock adapter injected as extraBidders; then one inject() call.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConfigError,
  createLogger,
  createManualClock,
  createServiceMetrics,
  loadConfig,
} from '@gavel/common';
import {
  createApp,
  SERVER_ENV_PREFIX,
  ServerConfigSchema,
  type BidderModule,
  type ServerApp,
  type ServerDeps,
} from '@gavel/server';
import { buildHostConfig, type HostSetup } from './host-config.js';
import { resolveKey } from './host-keys.js';
import { cacheStubAnswer, mockBidderAnswer, startLoopback, type LoopbackServer } from './loopback.js';
import { createMockBidderModule } from './mock-adapter.js';

export interface KnownBidder {
  code: string;
  aliasOf?: string;
}

/** Facts shared by every case: read once from the fixtures root. */
export interface HarnessEnv {
  knownBidders: KnownBidder[];
  /** Upstream bidder-params JSON Schemas by bidder code (used when realParamsValidator is set). */
  paramsSchemas: ReadonlyMap<string, Record<string, unknown>>;
}

export interface HttpCall {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface CaseRun {
  status?: number;
  body?: string;
  /** Bodies each mock bidder received, by bidder name. */
  bidderCalls: Record<string, string[]>;
  /** Why the case could not run (missing server feature, config rejected, never ready). */
  problems: string[];
  /** Optional host features that could not be configured. */
  notes: string[];
}

const DEFAULT_MOCK = { bidderName: 'appnexus', currency: 'USD', price: 0 };
const FIXED_NOW = Date.UTC(2026, 0, 1);

function writeStored(dir: string, setup: HostSetup): void {
  const folders: Array<[string, Record<string, string>]> = [
    ['stored_requests', setup.storedRequests],
    ['stored_imps', setup.storedImps],
    ['stored_responses', setup.storedResponses],
    ['accounts', setup.accounts],
  ];
  for (const [folder, entries] of folders) {
    mkdirSync(join(dir, folder), { recursive: true });
    for (const [id, text] of Object.entries(entries)) writeFileSync(join(dir, folder, `${id}.json`), text);
  }
}

function bidderModules(
  env: HarnessEnv,
  setup: HostSetup,
  mocks: Map<string, LoopbackServer>,
  hostDisables: boolean,
): BidderModule[] {
  const allowed = setup.knownBidders ? new Set(setup.knownBidders) : undefined;
  const known = env.knownBidders.filter((b) => !allowed || allowed.has(b.code));
  for (const name of mocks.keys()) if (!known.some((b) => b.code === name)) known.push({ code: name });
  return known.map((b) => {
    const schema = setup.realParamsValidator
      ? (env.paramsSchemas.get(b.code) ?? (b.aliasOf ? env.paramsSchemas.get(b.aliasOf) : undefined) ?? {})
      : {};
    return createMockBidderModule({
      code: b.code,
      endpoint: mocks.get(b.code)?.url ?? '',
      ...(b.aliasOf ? { aliasOf: b.aliasOf } : {}),
      enabled: hostDisables || !setup.disabledAdapters.includes(b.code),
      paramsSchema: schema,
      ...(setup.bidderInfoOverrides[b.code] ? { override: setup.bidderInfoOverrides[b.code] } : {}),
    });
  });
}

/** README §2.4: one loopback mock per mock bidder of the fixture (or the default one). */
async function startMockBidders(
  setup: HostSetup,
  into: { servers: LoopbackServer[]; mocks: Map<string, LoopbackServer>; out: CaseRun },
): Promise<void> {
  for (const spec of setup.mockBidders.length > 0 ? setup.mockBidders : [DEFAULT_MOCK]) {
    const server = await startLoopback((_m, _u, body) => mockBidderAnswer(spec, body));
    into.servers.push(server);
    into.mocks.set(spec.bidderName, server);
    into.out.bidderCalls[spec.bidderName] = server.received;
  }
}

/** The server config of the case, or undefined with the loader's problems noted. */
function harnessConfig(overrides: Record<string, unknown>, out: CaseRun) {
  try {
    return loadConfig(ServerConfigSchema, {
      argv: [],
      env: {},
      envPrefix: SERVER_ENV_PREFIX,
      overrides: [overrides],
    }).config;
  } catch (err) {
    out.problems.push(err instanceof ConfigError ? err.message : String(err));
    return undefined;
  }
}

/** README §2.3: silent logs, a fixed clock, empty ids, the mock bidders (and §4 mock modules). */
function harnessDeps(env: HarnessEnv, setup: HostSetup, mocks: Map<string, LoopbackServer>): ServerDeps {
  const hostDisables = resolveKey(ServerConfigSchema, 'bidderEnabled') !== undefined;
  return {
    logger: createLogger({ level: 'silent', name: 'conformance' }),
    version: { revision: 'conformance', version: '0.0.0' },
    clock: createManualClock(FIXED_NOW),
    ids: { uuid: () => '' },
    metrics: createServiceMetrics({ prefix: 'gavel_', collectProcess: false }),
    extraBidders: bidderModules(env, setup, mocks, hostDisables),
    ...(setup.hooks ? { extraModules: setup.hooks.modules } : {}),
  };
}

async function waitReady(app: ServerApp): Promise<string | undefined> {
  let last = '';
  for (let i = 0; i < 150; i++) {
    const res = await app.publicApp.inject({ method: 'GET', url: '/status', remoteAddress: '192.0.2.1' });
    if (res.statusCode === 200 || res.statusCode === 204) return undefined;
    last = `${res.statusCode} ${res.body}`;
    await new Promise((r) => setTimeout(r, 20));
  }
  return `server never became ready (GET /status: ${last.trim()})`;
}

export async function runCase(env: HarnessEnv, setup: HostSetup, call: HttpCall): Promise<CaseRun> {
  const out: CaseRun = { bidderCalls: {}, problems: [], notes: [] };
  const dir = mkdtempSync(join(tmpdir(), 'gavel-endpoints-'));
  const servers: LoopbackServer[] = [];
  const mocks = new Map<string, LoopbackServer>();
  let app: ServerApp | undefined;
  try {
    writeStored(dir, setup);
    await startMockBidders(setup, { servers, mocks, out });
    const rates = JSON.stringify({ conversions: setup.currencyRates ?? null, dataAsOf: '2018-09-12' });
    const currency = await startLoopback(() => ({ status: 200, body: rates }));
    const cache = await startLoopback((_m, _u, body) => cacheStubAnswer(body));
    servers.push(currency, cache);

    const host = buildHostConfig(ServerConfigSchema, setup, {
      currencyUrl: currency.url,
      cacheUrl: cache.url,
      storedDir: dir,
    });
    out.notes.push(...host.notes);
    if (host.missing.length > 0) {
      out.problems.push(...host.missing);
      return out;
    }
    const config = harnessConfig(host.overrides, out);
    if (!config) return out;
    app = await createApp(config, harnessDeps(env, setup, mocks));
    const notReady = await waitReady(app);
    if (notReady) {
      out.problems.push(notReady);
      return out;
    }
    const res = await app.publicApp.inject({
      method: call.method,
      url: call.url,
      remoteAddress: '192.0.2.1',
      // "No headers at all" (README §2.3): undefined stops light-my-request adding its defaults.
      headers: { 'user-agent': undefined, 'content-type': undefined, ...call.headers } as unknown as Record<
        string,
        string
      >,
      ...(call.body !== undefined ? { payload: call.body } : {}),
    });
    out.status = res.statusCode;
    out.body = res.body;
    return out;
  } catch (err) {
    out.problems.push(`harness error: ${(err as Error).stack ?? String(err)}`);
    return out;
  } finally {
    if (app) {
      await app.publicApp.close().catch(() => undefined);
      await app.adminApp.close().catch(() => undefined);
      await app.closeResources().catch(() => undefined);
    }
    await Promise.all(servers.map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  }
}
