// Size limit decorator: every entry of a batch is measured before anything is written, so an
// oversized put rejects the whole batch with 400 and nothing is stored.
// Not an async function: on success the inner promise is handed back as is (no extra promise
// layer per POST); a failure still arrives as a rejection, never as a synchronous throw.
import { entrySize } from '../entry-codec.js';
import { EntryTooLargeError, rejection } from '../errors.js';
import type { CacheBackend, CacheEntry, PutItem } from '../types.js';

function check(entry: CacheEntry, index: number, maxBytes: number): void {
  const size = entrySize(entry);
  if (size > maxBytes) throw new EntryTooLargeError(index, size, maxBytes);
}

function checkAll(items: readonly PutItem[], maxBytes: number): void {
  for (let i = 0; i < items.length; i++) check((items[i] as PutItem).entry, i, maxBytes);
}

export function withSizeLimit(backend: CacheBackend, maxBytes: number): CacheBackend {
  const now = backend.putBatchNow;
  return {
    ...backend,
    put: (key, entry, ttl) => {
      try {
        check(entry, 0, maxBytes);
        return backend.put(key, entry, ttl);
      } catch (err) {
        return rejection(err);
      }
    },
    putBatch: (items) => {
      try {
        checkAll(items, maxBytes);
        return backend.putBatch(items);
      } catch (err) {
        return rejection(err);
      }
    },
    putBatchNow:
      now &&
      ((items) => {
        checkAll(items, maxBytes);
        return now(items);
      }),
  };
}
