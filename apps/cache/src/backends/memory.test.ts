// The backend contract on the in-process backend, plus its byte bound and LRU eviction.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '@gavel/common';
import { describeBackendContract } from './backend-contract.testkit.js';
import { createMemoryBackend } from './memory.js';

describe('memory backend: contract', () => {
  describeBackendContract(async () => {
    const clock = createManualClock(1000);
    const backend = createMemoryBackend({ maxBytes: 1 << 20, clock });
    return {
      backend,
      elapse: async (seconds) => {
        clock.advance(seconds * 1000 + 1);
        await Promise.resolve();
      },
    };
  });
});

describe('memory backend: bounded by bytes', () => {
  it('evicts the least recently used entries beyond max-bytes', async () => {
    const clock = createManualClock(0);
    // Each entry weighs 64 + (3 + 400) × 2 = 870 bytes: four fit in 4000.
    const backend = createMemoryBackend({ maxBytes: 4000, clock });
    const value = (n: number) => ({ type: 'json' as const, value: `"${String(n).repeat(398)}"` });
    for (const k of ['k-1', 'k-2', 'k-3', 'k-4']) await backend.put(k, value(1), 60);
    await backend.get('k-1'); // k-1 is now the most recently used
    await backend.put('k-5', value(5), 60);
    assert.ok(await backend.get('k-1'), 'recently read entry kept');
    assert.equal(await backend.get('k-2'), undefined, 'least recently used entry evicted');
    assert.ok(await backend.get('k-5'));
  });

  it('refuses (5xx) an entry larger than the whole budget instead of dropping it silently', async () => {
    const backend = createMemoryBackend({ maxBytes: 2000 });
    await assert.rejects(backend.put('big', { type: 'xml', value: `<a>${'x'.repeat(2000)}</a>` }, 60), {
      status: 500,
    });
    assert.equal(await backend.get('big'), undefined);
  });
});
