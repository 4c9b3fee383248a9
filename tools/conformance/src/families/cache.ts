// The `cache` family: replays `<root>/cache/sample-requests/{put,get}-endpoint/**` against a cache
// app built per fixture, exactly as `cache/README.md` describes (harness defaults, fakes, compare).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BackendError, createLogger } from '@gavel/common';
import {
  CorruptedEntryError,
  createCacheApp,
  createMemoryBackend,
  decodeUpstreamValue,
  resolveCacheConfig,
  type CacheBackend,
  type CacheEntry,
  type PutOutcome,
} from '@gavel/cache';
import type { Family, FixtureVerdict } from '../types.js';

interface FakeBackend {
  storage_type?: string;
  stored_data?: { key?: unknown; value?: unknown }[];
  throw_error_message?: string;
  throw_bool?: boolean;
  server_response?: string;
}

interface Fixture {
  config?: {
    allow_setting_keys?: boolean;
    max_size_bytes?: number;
    max_num_values?: number;
    max_ttl_seconds?: number;
    referer_sampling_rate?: number;
    fake_backend?: FakeBackend;
  };
  request?: { body?: unknown; query?: string; headers?: Record<string, string[]> };
  expected_output?: {
    code?: number;
    put_response?: { responses?: { uuid?: string }[] };
    get_response?: string;
    expected_error_message?: string;
  };
}

function listJson(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.json')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** What a fake storage client of upstream's harness answers to a write: stored, exists or error. */
function scriptedWrite(fake: FakeBackend): PutOutcome | Error | undefined {
  const type = fake.storage_type ?? '';
  const message = fake.throw_error_message ?? '';
  if (type === '') return undefined;
  if (type === 'redis') {
    // The go-redis client reports "no reply" as the error `redis: nil`: not a failure.
    if (message && message !== 'redis: nil') return new BackendError(message);
    return fake.throw_bool ? undefined : 'exists';
  }
  if (message) return new BackendError(message);
  if (type === 'ignite' && fake.server_response !== undefined) {
    try {
      const r = JSON.parse(fake.server_response) as {
        successStatus?: number;
        error?: string;
        response?: unknown;
      };
      if (r.successStatus !== undefined && r.successStatus !== 0)
        return new BackendError(r.error ?? 'ignite error');
      return r.response === false ? 'exists' : undefined;
    } catch {
      return new BackendError('ignite: unreadable server response');
    }
  }
  return undefined;
}

/** The in-memory backend plus upstream-format preloaded values and the scripted client outcome. */
function fixtureBackend(fake: FakeBackend | undefined): CacheBackend {
  const inner = createMemoryBackend({ maxBytes: 64 * 1024 * 1024 });
  const preloaded = new Map<string, string>();
  for (const d of fake?.stored_data ?? []) {
    if (typeof d.key === 'string' && typeof d.value === 'string') preloaded.set(d.key, d.value);
  }
  const scripted = fake ? scriptedWrite(fake) : undefined;
  const outcome = async (key: string, write: () => Promise<PutOutcome>): Promise<PutOutcome> => {
    if (scripted instanceof Error) throw scripted;
    if (scripted === 'exists' || preloaded.has(key)) return 'exists';
    return write();
  };
  return {
    name: fake?.storage_type || 'memory',
    put: (key, entry, ttl) => outcome(key, () => inner.put(key, entry, ttl)),
    putBatch: async (items) => {
      if (scripted instanceof Error) throw scripted;
      const out: PutOutcome[] = [];
      for (const i of items) out.push(await outcome(i.key, () => inner.put(i.key, i.entry, i.ttlSeconds)));
      return out;
    },
    get: async (key): Promise<CacheEntry | undefined> => {
      const raw = preloaded.get(key);
      if (raw === undefined) return inner.get(key);
      const entry = decodeUpstreamValue(raw);
      if (!entry) throw new CorruptedEntryError(key);
      return entry;
    },
    close: () => inner.close(),
  };
}

// Go's uuid.Parse: canonical, braced, urn:uuid: and 32-hex forms.
const UUID =
  /^(?:urn:uuid:)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|^\{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}$|^[0-9a-f]{32}$/i;

function comparePutResponse(
  body: string,
  expected: { uuid?: string }[],
  keysAllowed: boolean,
): string | undefined {
  let actual: { uuid?: unknown }[];
  try {
    const parsed = JSON.parse(body) as { responses?: unknown };
    if (!Array.isArray(parsed.responses)) return `no responses array in ${body}`;
    actual = parsed.responses as { uuid?: unknown }[];
  } catch {
    return `body is not JSON: ${body}`;
  }
  if (actual.length !== expected.length)
    return `expected ${expected.length} responses, got ${actual.length}: ${body}`;
  const want = expected.map((e) => e.uuid ?? '').sort();
  const got: string[] = [];
  for (const a of actual) {
    const uuid = typeof a.uuid === 'string' ? a.uuid : '';
    if (uuid === '' || UUID.test(uuid)) got.push(uuid === '' ? '' : 'random');
    else if (!keysAllowed) return `custom key ${uuid} returned while keys are not allowed`;
    else got.push(uuid);
  }
  got.sort();
  return JSON.stringify(got) === JSON.stringify(want)
    ? undefined
    : `uuids ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`;
}

/** The cache app's configuration for a fixture's `config`, with the harness's defaults. */
function fixtureConfig(c: NonNullable<Fixture['config']>) {
  const maxTtl = c.max_ttl_seconds || 3600;
  return resolveCacheConfig({
    'error-messages': 'upstream',
    'referer-sampling-rate': c.referer_sampling_rate ?? 0,
    'request-limits': {
      'max-size-bytes': c.max_size_bytes || 50,
      'max-num-values': c.max_num_values || 1,
      'max-ttl-seconds': maxTtl,
      'default-ttl-seconds': maxTtl,
      'allow-setting-keys': c.allow_setting_keys ?? false,
    },
  });
}

/** One value per header: the last one listed. */
function lastValues(headers: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, values] of Object.entries(headers)) {
    const last = values[values.length - 1];
    if (last !== undefined) out[name] = last;
  }
  return out;
}

async function runFixture(path: string): Promise<string | undefined> {
  const fx = JSON.parse(readFileSync(path, 'utf8')) as Fixture;
  const c = fx.config ?? {};
  const expected = fx.expected_output ?? {};
  const isPut = path.includes(`${join('put-endpoint')}`);
  if (
    expected.expected_error_message !== undefined &&
    (expected.put_response || expected.get_response !== undefined)
  ) {
    return 'invalid fixture: both an error message and a response';
  }
  const app = await createCacheApp(fixtureConfig(c), {
    logger: createLogger({ level: 'silent', name: 'conformance-cache' }),
    version: { revision: 'conformance', version: '0' },
    backend: fixtureBackend(c.fake_backend),
  });
  try {
    const headers = lastValues(fx.request?.headers ?? {});
    const res = isPut
      ? await app.publicApp.inject({
          method: 'POST',
          url: '/cache',
          headers: { 'content-type': 'application/json', ...headers },
          payload: JSON.stringify(fx.request?.body),
        })
      : await app.publicApp.inject({ method: 'GET', url: `/cache?${fx.request?.query ?? ''}`, headers });
    if (res.statusCode !== expected.code) return `status ${res.statusCode} ≠ ${expected.code}: ${res.body}`;
    if (expected.expected_error_message !== undefined) {
      return res.body === expected.expected_error_message
        ? undefined
        : `body ${JSON.stringify(res.body)} ≠ ${JSON.stringify(expected.expected_error_message)}`;
    }
    if (isPut && expected.put_response) {
      return comparePutResponse(
        res.body,
        expected.put_response.responses ?? [],
        c.allow_setting_keys ?? false,
      );
    }
    if (!isPut && expected.get_response !== undefined && res.body !== expected.get_response) {
      return `body ${JSON.stringify(res.body)} ≠ ${JSON.stringify(expected.get_response)}`;
    }
    return undefined;
  } finally {
    await app.closeResources();
    await Promise.all([app.publicApp.close(), app.adminApp.close()]);
  }
}

export const cacheFamily: Family = {
  name: 'cache',
  async run(root) {
    const base = join(root, 'cache');
    const verdicts: FixtureVerdict[] = [];
    for (const folder of ['put-endpoint', 'get-endpoint']) {
      const dir = join(base, 'sample-requests', folder);
      let files: string[];
      try {
        files = listJson(dir);
      } catch {
        continue;
      }
      for (const path of files) {
        const file = relative(base, path);
        try {
          const reason = await runFixture(path);
          verdicts.push(reason === undefined ? { file, passed: true } : { file, passed: false, reason });
        } catch (err) {
          verdicts.push({ file, passed: false, reason: `could not run: ${(err as Error).message}` });
        }
      }
    }
    return verdicts;
  },
};
