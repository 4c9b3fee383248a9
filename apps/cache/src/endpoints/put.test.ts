// The hand-written POST /cache answer is byte for byte JSON.stringify's; failures of the route.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BackendError, BackendTimeoutError, createLogger } from '@gavel/common';
import { createCacheApp, type CacheApp } from '../app.js';
import { EntryTooLargeError } from '../backends/errors.js';
import { createMemoryBackend } from '../backends/memory.js';
import type { CacheBackend, PutItem, PutOutcome } from '../backends/types.js';
import { resolveCacheConfig } from '../config/resolve.js';
import { responsesJson } from './put.js';
import { testIds } from './test-app.testkit.js';

const item = (key: string): PutItem => ({ key, entry: { type: 'json', value: '1' }, ttlSeconds: 0 });

it('responsesJson equals JSON.stringify({ responses }) for any keys and outcomes', () => {
  const keys = [
    '11111111-2222-4333-8444-555555555555',
    'my-key',
    'q"uote\\back',
    'ctl\u0001\n',
    '\uD800lone',
    'é✓😀',
  ];
  const cases: [PutItem[], PutOutcome[]][] = [
    [[], []],
    [[item(keys[0] ?? '')], ['stored']],
    [[item(keys[1] ?? '')], ['exists']],
    [keys.map(item), ['stored', 'exists', 'stored', 'stored', 'stored', 'stored']],
  ];
  for (const [items, outcomes] of cases) {
    const expected = JSON.stringify({
      responses: items.map((x, i) => ({ uuid: outcomes[i] === 'stored' ? x.key : '' })),
    });
    assert.equal(responsesJson(items, outcomes, true), expected);
  }
  // Random ids need no escaping: written as they are when callers cannot set keys.
  const ids: PutItem[] = [item(keys[0] ?? ''), item('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')];
  for (const outcomes of [
    ['stored', 'stored'],
    ['exists', 'stored'],
  ] as PutOutcome[][]) {
    assert.equal(
      responsesJson(ids, outcomes, false),
      JSON.stringify({ responses: ids.map((x, i) => ({ uuid: outcomes[i] === 'stored' ? x.key : '' })) }),
    );
  }
});

// Each failure from a promise-only store (Redis-like) and from a same-tick store (memory-like).
const builds = (failure: () => Error, config: unknown = {}) =>
  [false, true].map((sameTick) => {
    const inner = createMemoryBackend({ maxBytes: 1 << 20 });
    const backend: CacheBackend = {
      ...inner,
      putBatch: () => Promise.reject(failure()),
      putBatchNow: sameTick
        ? () => {
            throw failure();
          }
        : undefined,
    };
    return createCacheApp(resolveCacheConfig(config), {
      logger: createLogger({ level: 'silent', name: 'put-test' }),
      version: { revision: 'test', version: '0' },
      ids: testIds(),
      backend,
    });
  });
const post = (app: CacheApp, payload: string) =>
  app.publicApp.inject({
    method: 'POST',
    url: '/cache',
    headers: { 'content-type': 'text/plain' },
    payload,
  });
const one = JSON.stringify({ puts: [{ type: 'json', value: 1 }] });

describe('POST /cache failures (same answers as when the route was an async handler)', () => {
  it('a failing or slow store: 500 / 504 through the error handler, a thrown non-catalogue error 500', async () => {
    const cases: [() => Error, number, string][] = [
      [() => new BackendError('redis: connection refused'), 500, 'redis: connection refused\n'],
      [() => new BackendTimeoutError('redis: command timed out'), 504, 'redis: command timed out\n'],
      [() => new TypeError('boom'), 500, 'internal error\n'],
    ];
    for (const [failure, status, body] of cases) {
      for (const building of builds(failure)) {
        const app = await building;
        const res = await post(app, one);
        assert.equal(res.statusCode, status);
        assert.equal(res.body, body);
        assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
        await app.closeResources();
      }
    }
  });

  it('a 4xx from the store is answered as a validation error; bad JSON and a too large body too', async () => {
    for (const building of builds(() => new EntryTooLargeError(0, 9, 5), { 'max-request-bytes': 100 })) {
      const app = await building;
      const tooBig = await post(app, one);
      assert.equal(tooBig.statusCode, 400);
      assert.equal(
        tooBig.body,
        'puts[0].value: POST /cache element 0 exceeded max size: Payload size 9 exceeded max 5\n',
      );
      const bad = await post(app, '{"puts":');
      assert.equal(bad.statusCode, 400);
      assert.match(bad.body, /^request body is not valid JSON: /);
      const huge = await post(app, JSON.stringify({ puts: [{ type: 'json', value: 'x'.repeat(200) }] }));
      assert.equal(huge.statusCode, 413);
      assert.equal(huge.body, 'request body is too large\n');
      await app.closeResources();
    }
  });
});
