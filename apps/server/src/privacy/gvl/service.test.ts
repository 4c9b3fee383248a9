import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '@gavel/common';
import { createVendorListService } from './service.js';
import { startGvlServer, type GvlServer } from './gvl-server.testkit.js';
import type { VendorListServiceOptions } from './types.js';
import { parseVendorList } from './parse.js';
import { gvlDocument } from './gvl-server.testkit.js';

let server: GvlServer;
before(async () => {
  server = await startGvlServer();
});
after(() => server.close());
beforeEach(() => {
  server.hits.clear();
  server.behave('ok');
  server.delay(0);
});

function service(extra: Partial<VendorListServiceOptions> = {}) {
  const clock = createManualClock(1_000_000);
  const svc = createVendorListService(
    Object.assign(
      {
        urlTemplate: server.urlTemplate,
        latestUrlTemplate: server.latestUrlTemplate,
        fetchTimeoutMs: 1000,
        retries: 2,
        retryBackoffMs: 1,
        maxVersions: 10,
        clock,
      },
      extra,
    ),
  );
  return { svc, clock };
}

describe('vendor list service: fetching', () => {
  test('fetches a version on first need and serves it from memory afterwards', async () => {
    const { svc } = service();
    assert.equal(svc.get(3, 40), undefined);
    const list = await svc.ensure(3, 40);
    assert.equal(list?.version, 40);
    assert.equal(list?.specVersion, 3);
    assert.deepEqual([...(list?.vendors.get(1)?.purposes ?? [])], [1, 2]);
    assert.equal(svc.get(3, 40), list);
    assert.equal(await svc.ensure(3, 40), list);
    assert.equal(server.hits.get('/v3/archives/vendor-list-v40.json'), 1);
    assert.equal(server.total(), 1);
  });

  test('100 concurrent ensure of an unseen version cause exactly one fetch', async () => {
    server.delay(30);
    const { svc } = service();
    const all = await Promise.all(Array.from({ length: 100 }, () => svc.ensure(2, 77)));
    assert.equal(server.total(), 1);
    assert.ok(all.every((l) => l !== undefined && l === all[0]));
  });

  test('different versions are fetched separately', async () => {
    const { svc } = service();
    await Promise.all([svc.ensure(2, 5), svc.ensure(3, 5), svc.ensure(3, 6)]);
    assert.equal(server.total(), 3);
  });
});

describe('vendor list service: failures', () => {
  test('retries are bounded, then the failure is remembered until failureTtlMs passes', async () => {
    server.behave('error');
    const { svc, clock } = service({ retries: 2, failureTtlMs: 60_000 });
    assert.equal(await svc.ensure(3, 9), undefined);
    assert.equal(server.total(), 3);
    assert.equal(await svc.ensure(3, 9), undefined);
    clock.advance(59_999);
    assert.equal(await svc.ensure(3, 9), undefined);
    assert.equal(server.total(), 3, 'no new request while the failure is remembered');
    clock.advance(1);
    server.behave('ok');
    assert.equal((await svc.ensure(3, 9))?.version, 9);
    assert.equal(server.total(), 4);
  });

  test('retries: 0 makes one attempt', async () => {
    server.behave('error');
    const { svc } = service({ retries: 0 });
    assert.equal(await svc.ensure(3, 10), undefined);
    assert.equal(server.total(), 1);
  });

  test('a host that never answers times out within the limit, per attempt', async () => {
    server.behave('hang');
    const { svc } = service({ fetchTimeoutMs: 50, retries: 1 });
    const start = performance.now();
    assert.equal(await svc.ensure(3, 11), undefined);
    const took = performance.now() - start;
    assert.ok(took >= 95 && took < 1000, `took ${took} ms`);
    assert.equal(server.total(), 2);
  });

  test('bad JSON is a failure, never an exception', async () => {
    server.behave('bad-json');
    const outcomes: string[] = [];
    const { svc } = service({ retries: 1, onFetch: (o) => outcomes.push(o.status) });
    assert.equal(await svc.ensure(3, 12), undefined);
    assert.deepEqual(outcomes, ['error', 'error']);
  });

  test('an answer carrying another version than asked is a failure', async () => {
    const { svc } = service({
      retries: 0,
      transport: async () => ({
        statusCode: 200,
        body: [Buffer.from(JSON.stringify(gvlDocument(3, 99)))],
      }),
    });
    assert.equal(await svc.ensure(3, 13), undefined);
  });
});

describe('vendor list service: eviction and resolve', () => {
  test('keeps at most maxVersions lists, dropping the least recently used', async () => {
    const { svc } = service({ maxVersions: 2 });
    await svc.ensure(3, 1);
    await svc.ensure(3, 2);
    assert.ok(svc.get(3, 1), 'touch 1 so 2 is the least recently used');
    await svc.ensure(3, 3);
    assert.ok(svc.get(3, 1));
    assert.equal(svc.get(3, 2), undefined);
    assert.ok(svc.get(3, 3));
    await svc.ensure(3, 2);
    assert.equal(
      server.hits.get('/v3/archives/vendor-list-v2.json'),
      2,
      'an evicted version is fetched again',
    );
  });

  test('resolve answers the newest loaded list of the spec while the asked version loads', async () => {
    server.delay(20);
    const { svc } = service();
    await svc.ensure(3, 50);
    await svc.ensure(3, 48);
    const r = svc.resolve(3, 60);
    assert.equal(r.exact, false);
    assert.equal(r.list?.version, 50);
    await svc.ensure(3, 60);
    assert.equal(server.hits.get('/v3/archives/vendor-list-v60.json'), 1, 'resolve started the fetch');
    assert.deepEqual(
      { exact: svc.resolve(3, 60).exact, version: svc.resolve(3, 60).list?.version },
      { exact: true, version: 60 },
    );
  });

  test('resolve falls back to the configured list, and answers nothing without one', async () => {
    server.behave('error');
    const parsed = parseVendorList(gvlDocument(2, 1), 2);
    assert.ok(parsed.ok);
    const withFallback = service({ fallback: parsed.list, retries: 0 }).svc;
    assert.equal(withFallback.resolve(3, 1).list, parsed.list);
    await withFallback.ensure(3, 1);
    const without = service({ retries: 0 }).svc;
    assert.deepEqual(without.resolve(3, 1), { exact: false });
    await without.ensure(3, 1);
  });
});

describe('vendor list service: prefetch, invalid versions and close', () => {
  test('prefetchLatest loads the newest list of each spec version', async () => {
    server.latestVersion(2, 140);
    server.latestVersion(3, 80);
    const { svc } = service();
    await svc.prefetchLatest();
    assert.equal(svc.get(2, 140)?.version, 140);
    assert.equal(svc.get(3, 80)?.version, 80);
    assert.equal(svc.resolve(3, 81).list?.version, 80);
    await svc.ensure(3, 81);
    assert.equal(server.hits.get('/v3/vendor-list.json'), 1);
  });

  test('prefetchLatest never rejects when the host fails', async () => {
    server.behave('error');
    const { svc } = service({ retries: 0 });
    await svc.prefetchLatest();
    assert.equal(server.total(), 2);
  });

  test('invalid versions are never fetched', async () => {
    const { svc } = service();
    assert.equal(await svc.ensure(3, 0), undefined);
    assert.equal(await svc.ensure(0, 3), undefined);
    assert.equal(server.total(), 0);
  });

  test('close aborts a fetch in flight and stops retries', async () => {
    server.behave('hang');
    const { svc } = service({ fetchTimeoutMs: 10_000, retries: 5 });
    const p = svc.ensure(3, 14);
    // The fetch must be in flight (the server holding it) when close comes, however slow the machine.
    for (let i = 0; i < 250 && server.total() === 0; i++) await new Promise((r) => setTimeout(r, 20));
    svc.close();
    assert.equal(await p, undefined);
    assert.equal(server.total(), 1);
  });
});
