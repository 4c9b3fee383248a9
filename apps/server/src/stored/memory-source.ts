// In-memory source of the stored-data seam: raw texts by kind and id. The test fake, and a way for
// embedders (e.g. a conformance harness) to serve fixed tables without a directory.
import { decodeStored, notFound, type StoredKind, type StoredResult, type StoredSource } from './types.js';

export type MemoryTables = Partial<Record<StoredKind, Record<string, string>>>;

export function createMemorySource(tables: MemoryTables): StoredSource & { calls: number } {
  const source = {
    calls: 0,
    async fetch(kind: StoredKind, ids: readonly string[]): Promise<StoredResult> {
      source.calls++;
      const table = tables[kind] ?? (kind === 'amp-request' ? tables.request : undefined) ?? {};
      const result: StoredResult = { found: new Map(), errors: [] };
      for (const id of new Set(ids)) {
        const text = Object.hasOwn(table, id) ? table[id] : undefined;
        if (text === undefined) {
          result.errors.push(notFound(kind, id));
          continue;
        }
        const decoded = decodeStored(kind, id, text);
        if (decoded.ok) result.found.set(id, decoded.value);
        else result.errors.push(decoded.error);
      }
      return result;
    },
  };
  return source;
}
