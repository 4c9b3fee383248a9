// The cache backend seam ("Cache entries" of the contract): a create-only store of typed entries.
// Every backend (memory, redis) and every decorator implements exactly this.

export type EntryType = 'xml' | 'json';

/** What a put stores: the type travels beside the text, never as a prefix inside it. */
export interface CacheEntry {
  type: EntryType;
  /** XML text, or the raw JSON text of the put's value. */
  value: string;
}

/** `exists`: the key was already taken; the old entry is kept untouched (not an error). */
export type PutOutcome = 'stored' | 'exists';

export interface PutItem {
  key: string;
  entry: CacheEntry;
  ttlSeconds: number;
}

export interface CacheBackend {
  /** Short name for metrics and messages (`memory`, `redis`). */
  readonly name: string;
  /** Create-only write. Rejects (BackendError / BackendTimeoutError) when the store fails. */
  put(key: string, entry: CacheEntry, ttlSeconds: number): Promise<PutOutcome>;
  /**
   * All items or none: outcomes in item order, or a rejection after which none of the items
   * written by this call remains (pre-existing keys are never touched).
   */
  putBatch(items: readonly PutItem[]): Promise<PutOutcome[]>;
  /**
   * Optional, for stores that finish a batch within the calling tick (memory): what putBatch
   * would resolve to, returned directly, or thrown instead of rejected. POST /cache uses it when
   * present and answers without a promise round trip. A decorator offers it exactly when the
   * backend it wraps does, applying the same rules as on its putBatch.
   */
  putBatchNow?: (items: readonly PutItem[]) => PutOutcome[];
  /** The live entry, or undefined when unknown or expired. Rejects on store failure or corrupt data. */
  get(key: string): Promise<CacheEntry | undefined>;
  close(): Promise<void>;
}
