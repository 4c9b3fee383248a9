// The backend contract suite ("Cache backend" seam): every backend must pass it. Registered by
// memory.test.ts (always) and redis.test.ts (real Redis). Not a test file by itself.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { decorateBackend } from './create-backend.js';
import { createCacheMetrics } from './metrics.js';
import { EntryTooLargeError } from './errors.js';
import type { CacheBackend, CacheEntry } from './types.js';
import { resolveCacheConfig } from '../config/resolve.js';
import { Registry } from 'prom-client';
import { systemClock } from '@gavel/common';

export interface ContractHarness {
  backend: CacheBackend;
  /** Let `seconds` of entry lifetime pass (a manual clock, or real waiting). */
  elapse: (seconds: number) => Promise<void>;
}

const xml: CacheEntry = { type: 'xml', value: '<VAST version="4.0"><Ad id="1"/></VAST>' };
const json: CacheEntry = { type: 'json', value: '{"price":1.25,"adm":"<div>é</div>"}' };
const key = (): string => randomUUID();

type MakeHarness = () => Promise<ContractHarness>;

export function describeBackendContract(make: MakeHarness): void {
  storeContract(make);
  limitsContract(make);
}

/** Create-only writes, reads, expiry and batches of the backend itself. */
function storeContract(make: MakeHarness): void {
  it('stores and returns an entry with its type', async () => {
    const { backend } = await make();
    const [a, b] = [key(), key()];
    assert.equal(await backend.put(a, xml, 60), 'stored');
    assert.equal(await backend.put(b, json, 60), 'stored');
    assert.deepEqual(await backend.get(a), xml);
    assert.deepEqual(await backend.get(b), json);
    assert.equal(await backend.get(key()), undefined);
  });

  it('never overwrites an existing key (answers exists, keeps the first value)', async () => {
    const { backend } = await make();
    const k = key();
    assert.equal(await backend.put(k, xml, 60), 'stored');
    assert.equal(await backend.put(k, json, 60), 'exists');
    assert.deepEqual(await backend.putBatch([{ key: k, entry: json, ttlSeconds: 60 }]), ['exists']);
    assert.deepEqual(await backend.get(k), xml);
  });

  it('expires entries after their TTL', async () => {
    const { backend, elapse } = await make();
    const [short, long] = [key(), key()];
    await backend.put(short, xml, 1);
    await backend.put(long, xml, 60);
    await elapse(2);
    assert.equal(await backend.get(short), undefined);
    assert.deepEqual(await backend.get(long), xml);
    // An expired key is free again.
    assert.equal(await backend.put(short, json, 60), 'stored');
  });

  it('writes a batch in order, answering exists only for taken keys', async () => {
    const { backend } = await make();
    const taken = key();
    await backend.put(taken, xml, 60);
    const [a, b] = [key(), key()];
    const outcomes = await backend.putBatch([
      { key: a, entry: json, ttlSeconds: 60 },
      { key: taken, entry: json, ttlSeconds: 60 },
      { key: b, entry: xml, ttlSeconds: 60 },
    ]);
    assert.deepEqual(outcomes, ['stored', 'exists', 'stored']);
    assert.deepEqual(await backend.get(a), json);
    assert.deepEqual(await backend.get(taken), xml);
    assert.deepEqual(await backend.putBatch([]), []);
  });

  it('a key repeated within one batch is stored once, by its first put', async () => {
    const { backend } = await make();
    const k = key();
    const outcomes = await backend.putBatch([
      { key: k, entry: xml, ttlSeconds: 60 },
      { key: k, entry: json, ttlSeconds: 60 },
    ]);
    assert.deepEqual(outcomes, ['stored', 'exists']);
    assert.deepEqual(await backend.get(k), xml);
  });
}

/** The backend behind the request-limit decorators (size, TTL), as the service composes them. */
function limitsContract(make: MakeHarness): void {
  it('with the limits applied: an oversized put rejects the whole batch, nothing stored', async () => {
    const { backend } = await make();
    const config = resolveCacheConfig({ 'request-limits': { 'max-size-bytes': 100 } });
    const limited = decorateBackend(backend, config, createCacheMetrics(new Registry()), systemClock);
    const [a, b] = [key(), key()];
    await assert.rejects(
      limited.putBatch([
        { key: a, entry: xml, ttlSeconds: 60 },
        { key: b, entry: { type: 'json', value: `"${'x'.repeat(200)}"` }, ttlSeconds: 60 },
      ]),
      (err: unknown) => err instanceof EntryTooLargeError && err.index === 1 && err.status === 400,
    );
    assert.equal(await backend.get(a), undefined);
    assert.equal(await backend.get(b), undefined);
  });

  it('with the limits applied: a TTL beyond the maximum is clamped', async () => {
    const { backend, elapse } = await make();
    const config = resolveCacheConfig({
      'request-limits': { 'max-ttl-seconds': 1, 'default-ttl-seconds': 1 },
    });
    const limited = decorateBackend(backend, config, createCacheMetrics(new Registry()), systemClock);
    const [a, b] = [key(), key()];
    await limited.put(a, xml, 3600);
    await limited.put(b, xml, 0);
    await elapse(2);
    assert.equal(await limited.get(a), undefined);
    assert.equal(await limited.get(b), undefined);
  });
}
