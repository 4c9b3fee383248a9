import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createFloorsFetcher } from './fetcher.js';
import { createFakeTime, type FakeTime } from './fake-time.testkit.js';
import {
  chunked,
  hang,
  json,
  startFloorServer,
  type FloorServer,
  type Reply,
} from './floor-server.testkit.js';
import type { FetchOutcome, FetchSettings, FloorsFetcherOptions } from './types.js';

const floors = (floor = 5, rules = 2) => ({
  currency: 'USD',
  modelgroups: [
    {
      modelweight: 40,
      modelversion: 'version1',
      default: floor,
      values: Object.fromEntries(Array.from({ length: rules }, (_, i) => [`banner|300x${i}`, floor + i])),
      schema: { fields: ['mediaType', 'size'], delimiter: '|' },
    },
  ],
});

const withDims = (n: number) => {
  const data = floors();
  data.modelgroups[0]!.schema.fields = Array.from({ length: n }, (_, i) => `f${i}`);
  return data;
};

const SEC = 1000;

interface Kit {
  server: FloorServer;
  time: FakeTime;
  fetcher: ReturnType<typeof createFloorsFetcher>;
  outcomes: FetchOutcome[];
  warnings: Array<Record<string, unknown>>;
  account(fetch?: Partial<FetchSettings>, id?: string): { id: string; fetch: FetchSettings };
  done(): Promise<void>;
}

async function setup(reply: Reply, opts: FloorsFetcherOptions = {}): Promise<Kit> {
  const server = await startFloorServer(reply);
  const time = createFakeTime();
  const outcomes: FetchOutcome[] = [];
  const warnings: Array<Record<string, unknown>> = [];
  const fetcher = createFloorsFetcher({
    clock: time.clock,
    timers: time.timers,
    logger: { warn: (o) => warnings.push(o), debug: () => {} },
    onOutcome: (o) => outcomes.push(o),
    retryInitialMs: 10 * SEC,
    ...opts,
  });
  const settings = new Map<string, FetchSettings>();
  return {
    server,
    time,
    fetcher,
    outcomes,
    warnings,
    // Same object per id, as an account cache would give (settings are resolved once per object).
    account(fetch = {}, id = 'acc') {
      const key = `${id}:${JSON.stringify(fetch)}`;
      if (!settings.has(key)) settings.set(key, { enabled: true, url: server.url, ...fetch });
      return { id, fetch: settings.get(key)! };
    },
    async done() {
      await fetcher.close();
      await server.close();
    },
  };
}

/** Advance fake time, then let the fetch the timers started finish. */
async function advance(k: Kit, ms: number): Promise<void> {
  k.time.advance(ms);
  await k.fetcher.settled();
}

test('first get is inprogress without data, later gets return the fetched data', async () => {
  const k = await setup(json(floors()));
  try {
    assert.deepEqual(k.fetcher.get(k.account()), { status: 'inprogress' });
    await k.fetcher.settled();
    assert.deepEqual(k.fetcher.get(k.account()), { status: 'success', data: floors() });
    assert.equal(k.server.count(), 1);
    assert.deepEqual(k.outcomes, [{ accountId: 'acc', url: k.server.url, status: 'success' }]);
  } finally {
    await k.done();
  }
});

test('disabled or absent fetch block: none, nothing fetched', async () => {
  const k = await setup(json(floors()));
  try {
    assert.equal(k.fetcher.get({ id: 'a' }).status, 'none');
    assert.equal(k.fetcher.get(k.account({ enabled: false })).status, 'none');
    await k.fetcher.settled();
    assert.equal(k.server.count(), 0);
    const off = createFloorsFetcher({ enabled: false, request: () => Promise.reject(new Error('no')) });
    assert.equal(off.get(k.account()).status, 'none');
    await off.close();
  } finally {
    await k.done();
  }
});

test('invalid account settings: error with the reason, nothing fetched', async () => {
  const k = await setup(json(floors()));
  try {
    assert.deepEqual(k.fetcher.get(k.account({ url: 'not a url' })), {
      status: 'error',
      error: "Malformed fetch.url 'not a url' passed",
    });
    assert.deepEqual(k.fetcher.get(k.account({ period_sec: 10 })), {
      status: 'error',
      error: "Invalid price-floors property 'period_sec', value passed: 10",
    });
    k.fetcher.get(k.account({ period_sec: 10 }));
    assert.equal(k.warnings.length, 2, 'one warning per settings object');
    assert.equal(k.server.count(), 0);
  } finally {
    await k.done();
  }
});

test('single flight: many concurrent gets make one request', async () => {
  const k = await setup(json(floors()));
  try {
    for (let i = 0; i < 50; i++) assert.equal(k.fetcher.get(k.account()).status, 'inprogress');
    await k.fetcher.settled();
    assert.equal(k.server.count(), 1);
    k.fetcher.get(k.account({}, 'other'));
    await k.fetcher.settled();
    assert.equal(k.server.count(), 2, 'another account fetches on its own');
  } finally {
    await k.done();
  }
});

test('refreshes every period_sec', async () => {
  const k = await setup(json(floors(1)));
  try {
    k.fetcher.get(k.account());
    await k.fetcher.settled();
    k.server.reply(json(floors(2)));
    await advance(k, 3599 * SEC);
    assert.equal(k.server.count(), 1);
    await advance(k, 1 * SEC);
    assert.equal(k.server.count(), 2);
    assert.deepEqual(k.fetcher.get(k.account()).data, floors(2));
    await advance(k, 3600 * SEC);
    assert.equal(k.server.count(), 3);
  } finally {
    await k.done();
  }
});

const failures: Array<[string, Reply, Partial<FetchSettings>, RegExp]> = [
  ['status 500', json('oops', {}, 500), {}, /provider respond with status 500/],
  ['invalid JSON', json('{"modelgroups":'), {}, /Failed to parse price floor response, cause/],
  ['empty body', json(''), {}, /response body can not be empty/],
  ['not an object', json('1'), {}, /Price floor rules data must be present/],
  ['too many rules', json(floors(3, 5)), { max_rules: 4 }, /rules number 5 exceeded its maximum number 4/],
  [
    'too many dims',
    json(withDims(3)),
    { max_schema_dims: 2 },
    /schema dimensions 3 exceeded its maximum number 2/,
  ],
  [
    'oversize (content-length)',
    json(' '.repeat(3000)),
    { max_file_size_kb: 2 },
    /greater than max_file_size_kb/,
  ],
  ['oversize (chunked)', chunked(1024 * 1024), { max_file_size_kb: 2 }, /greater than max_file_size_kb/],
];

for (const [name, reply, limits, reason] of failures) {
  test(`${name}: error while nothing good was fetched, last good kept otherwise`, async () => {
    const k = await setup(reply);
    try {
      const acct = k.account(limits);
      k.fetcher.get(acct);
      await k.fetcher.settled();
      const r = k.fetcher.get(acct);
      assert.equal(r.status, 'error');
      assert.equal(r.data, undefined);
      assert.match(r.error ?? '', reason);
      assert.match(String(k.warnings[0]?.['reason']), reason);
      assert.equal(k.warnings[0]?.['account'], 'acc');

      k.server.reply(json(floors(1, 2)));
      await advance(k, 10 * SEC); // first retry
      assert.deepEqual(k.fetcher.get(acct), { status: 'success', data: floors(1, 2) });
      k.server.reply(reply);
      await advance(k, 3600 * SEC);
      assert.equal(k.outcomes.at(-1)?.status, 'error');
      assert.deepEqual(k.fetcher.get(acct), { status: 'success', data: floors(1, 2) });
    } finally {
      await k.done();
    }
  });
}

test('data expires after max_age_sec when refreshes keep failing, then the failure shows', async () => {
  const k = await setup(json(floors()), { maxRetries: 0 });
  try {
    const acct = k.account({ period_sec: 300, max_age_sec: 600 });
    k.fetcher.get(acct);
    await k.fetcher.settled();
    k.server.reply(json('down', {}, 503));
    await advance(k, 300 * SEC);
    assert.equal(k.fetcher.get(acct).status, 'success', 'still within max age');
    await advance(k, 299 * SEC);
    assert.equal(k.fetcher.get(acct).status, 'success');
    k.time.advance(1 * SEC);
    assert.deepEqual(k.fetcher.get(acct), { status: 'inprogress' }, 'expired: dropped and fetched again');
    await k.fetcher.settled();
    assert.equal(k.fetcher.get(acct).status, 'error');
    assert.equal(k.fetcher.get(acct).data, undefined);
  } finally {
    await k.done();
  }
});

test('Cache-Control max-age within [max(600, period), 2^31) replaces max_age_sec', async () => {
  const k = await setup(json(floors(), { 'cache-control': 'public, max-age=1800' }), { maxRetries: 0 });
  try {
    const acct = k.account({ period_sec: 300, max_age_sec: 600 });
    k.fetcher.get(acct);
    await k.fetcher.settled();
    k.server.reply(json('down', {}, 500));
    await advance(k, 1799 * SEC);
    assert.equal(k.fetcher.get(acct).status, 'success');
    k.time.advance(1 * SEC);
    assert.equal(k.fetcher.get(acct).status, 'inprogress');
  } finally {
    await k.done();
  }
});

test('timeout: status timeout while nothing good was fetched', async () => {
  const k = await setup(hang);
  try {
    const acct = k.account({ timeout_ms: 500 });
    const started = k.server.nextRequest();
    k.fetcher.get(acct);
    await started;
    assert.equal(k.fetcher.get(acct).status, 'inprogress');
    await advance(k, 500);
    assert.deepEqual(k.fetcher.get(acct), {
      status: 'timeout',
      error: `Fetch price floor request timeout for fetch.url '${k.server.url}' exceeded.`,
    });
  } finally {
    await k.done();
  }
});

test('bounded retries with back-off, then once per period', async () => {
  const k = await setup(json('x', {}, 500), { maxRetries: 3 });
  try {
    k.fetcher.get(k.account());
    await k.fetcher.settled();
    const at: number[] = [];
    for (const step of [10, 20, 40, 3600]) {
      await advance(k, step * SEC - 1);
      at.push(k.server.count());
      await advance(k, 1);
      at.push(k.server.count());
    }
    assert.deepEqual(at, [1, 2, 2, 3, 3, 4, 4, 5]);
  } finally {
    await k.done();
  }
});

test('a new url is a new source; settings changes apply to the next refresh', async () => {
  const k = await setup(json(floors()));
  try {
    k.fetcher.get(k.account());
    await k.fetcher.settled();
    assert.equal(k.fetcher.get(k.account({ url: `${k.server.url}?v=2` })).status, 'inprogress');
    await k.fetcher.settled();
    assert.equal(k.server.count(), 2);
    assert.equal(k.time.pending(), 1, 'the old source has no timer left');
  } finally {
    await k.done();
  }
});

test('bounded number of accounts: the least recently used is dropped with its timer', async () => {
  const k = await setup(json(floors()), { cacheSize: 2 });
  try {
    for (const id of ['a', 'b', 'c']) k.fetcher.get(k.account({}, id));
    await k.fetcher.settled();
    assert.equal(k.time.pending(), 2);
    assert.equal(k.fetcher.get(k.account({}, 'a')).status, 'inprogress', 'a was dropped');
  } finally {
    await k.done();
  }
});

test('an account nobody asks for stops being refreshed after max_age_sec', async () => {
  const k = await setup(json(floors()));
  try {
    k.fetcher.get(k.account({ period_sec: 3600, max_age_sec: 7200 }));
    await k.fetcher.settled();
    await advance(k, 3600 * SEC);
    await advance(k, 3600 * SEC);
    assert.equal(k.server.count(), 3);
    assert.equal(k.time.pending(), 0);
  } finally {
    await k.done();
  }
});

test('close stops timers and aborts fetches in flight', async () => {
  const k = await setup(json(floors()));
  k.fetcher.get(k.account({}, 'a'));
  await k.fetcher.settled();
  k.server.reply(hang);
  const started = k.server.nextRequest();
  k.fetcher.get(k.account({}, 'b'));
  await started;
  assert.equal(k.time.pending(), 2, 'refresh timer of a, timeout of b');
  await k.fetcher.close();
  assert.equal(k.time.pending(), 0);
  k.time.advance(10 * 3600 * SEC);
  assert.equal(k.server.count(), 2);
  assert.equal(k.fetcher.get(k.account({}, 'a')).status, 'none');
  await k.server.close();
});
