// firstOf decorator of the stored-data seam: asks each source in order for the ids still missing
// (architecture "Seams": withCache(firstOf([files, postgres, http]))).
import { notFound, type StoredError, type StoredResult, type StoredSource } from './types.js';

/**
 * An id found by an earlier source is final; broken JSON is final too (a later source must not
 * mask a corrupt document). `not-found`/`unavailable` ids are asked of the next source; the last
 * source's verdict stands, except that an `unavailable` anywhere beats a later `not-found`.
 */
export function firstOf(sources: readonly StoredSource[]): StoredSource {
  return {
    async fetch(kind, ids, signal) {
      const found = new Map<string, unknown>();
      const final: StoredError[] = [];
      const failed = new Map<string, StoredError>();
      let pending = [...new Set(ids)];
      let last: StoredError[] = pending.map((id) => notFound(kind, id));
      for (const source of sources) {
        if (pending.length === 0) break;
        const result: StoredResult = await source.fetch(kind, pending, signal);
        for (const [id, value] of result.found) found.set(id, value);
        last = [];
        for (const error of result.errors) {
          if (error.reason === 'invalid-json') final.push(error);
          else {
            if (error.reason === 'unavailable') failed.set(error.id, error);
            last.push(error);
          }
        }
        pending = last.map((e) => e.id);
      }
      const errors = [...final, ...last.map((e) => failed.get(e.id) ?? e)];
      return { found, errors };
    },
    invalidate(kind, ids) {
      for (const source of sources) source.invalidate?.(kind, ids);
    },
    async close() {
      await Promise.all(sources.map((s) => (s.close ? s.close() : Promise.resolve())));
    },
  };
}
