// Size limit decorator: every entry of a batch is measured before anything is written, so an
// oversized put rejects the whole batch with 400 and nothing is stored.
import { entrySize } from '../entry-codec.js';
import { EntryTooLargeError } from '../errors.js';
import type { CacheBackend, CacheEntry } from '../types.js';

function check(entry: CacheEntry, index: number, maxBytes: number): void {
  const size = entrySize(entry);
  if (size > maxBytes) throw new EntryTooLargeError(index, size, maxBytes);
}

export function withSizeLimit(backend: CacheBackend, maxBytes: number): CacheBackend {
  return {
    ...backend,
    put: async (key, entry, ttl) => {
      check(entry, 0, maxBytes);
      return backend.put(key, entry, ttl);
    },
    putBatch: async (items) => {
      items.forEach((item, index) => check(item.entry, index, maxBytes));
      return backend.putBatch(items);
    },
  };
}
