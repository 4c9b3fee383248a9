// The Global Vendor List as enforcement reads it (G gdpr/vendorlist-fetching.go with go-gdpr's
// vendorlist2; J privacy/gdpr/vendorlist): per vendor the purposes it declares on each legal basis and
// its special features. Everything else in the IAB file is dropped when parsed.
import type { Clock } from '@gavel/common';

/** One vendor's declarations; purpose/feature ids as in the IAB file. */
export interface GvlVendor {
  readonly id: number;
  /** Purposes declared on consent. */
  readonly purposes: ReadonlySet<number>;
  /** Purposes declared on legitimate interest. */
  readonly legIntPurposes: ReadonlySet<number>;
  /** Purposes the publisher may switch between consent and legitimate interest. */
  readonly flexiblePurposes: ReadonlySet<number>;
  readonly specialFeatures: ReadonlySet<number>;
}

/** One version of the list; shared and read-only. */
export interface VendorList {
  /** The GVL specification version it was requested for (2: TCF 2.0/2.1, 3: TCF 2.2). */
  readonly specVersion: number;
  /** `vendorListVersion` of the file. */
  readonly version: number;
  readonly vendors: ReadonlyMap<number, GvlVendor>;
}

/** The bits of an HTTP answer the service reads (undici's `ResponseData` fits). */
export interface GvlResponse {
  statusCode: number;
  /** A stream (undici) or, in tests, an array of chunks. */
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** GET `url`; should reject (or end the body) when `signal` aborts. */
export type GvlTransport = (url: string, init: { signal: AbortSignal }) => Promise<GvlResponse>;

/** Pino-like logger subset. */
export interface GvlLogger {
  warn(obj: Record<string, unknown>, msg: string): void;
  debug?(obj: Record<string, unknown>, msg: string): void;
}

/** One finished HTTP attempt, for metrics. */
export interface GvlFetchOutcome {
  url: string;
  status: 'success' | 'error' | 'timeout';
  reason?: string;
}

export interface VendorListServiceOptions {
  /** `{specVersion}` and `{listVersion}` are replaced (G VendorListURLMaker). */
  urlTemplate: string;
  /** URL of the newest list; `{specVersion}` is replaced. Default: the IAB `vendor-list.json`. */
  latestUrlTemplate?: string;
  /** Limit of one HTTP attempt (connect + body). */
  fetchTimeoutMs: number;
  /** Further attempts after a failed one, per `ensure`. */
  retries: number;
  /** Versions kept at most (least recently used dropped first). */
  maxVersions: number;
  /** First back-off delay between attempts; doubles per attempt. Default 200. */
  retryBackoffMs?: number;
  /** How long a version whose fetch failed is not asked for again. Default 60000. */
  failureTtlMs?: number;
  /** Largest accepted body in bytes; 0 = no limit. Default 16 MiB. */
  maxBytes?: number;
  /** Spec versions `prefetchLatest` loads. Default [2, 3]. */
  prefetchSpecVersions?: readonly number[];
  /** Used while nothing of the requested spec version is loaded (e.g. a bundled file). */
  fallback?: VendorList;
  transport?: GvlTransport;
  clock: Clock;
  logger?: GvlLogger;
  onFetch?: (outcome: GvlFetchOutcome) => void;
}

export interface VendorListService {
  /** The list if it is loaded; never fetches. */
  get(specVersion: number, listVersion: number): VendorList | undefined;
  /**
   * The list, fetched if needed: one fetch per version however many callers wait, bounded retries
   * with back-off; undefined when it cannot be had (a failure is remembered for `failureTtlMs`).
   * Never rejects.
   */
  ensure(specVersion: number, listVersion: number): Promise<VendorList | undefined>;
  /**
   * Synchronous answer for enforcement: the exact list when loaded, else starts `ensure` in the
   * background and answers the fallback (the newest loaded list of that spec version, else the
   * configured fallback), or undefined.
   */
  resolve(specVersion: number, listVersion: number): { list?: VendorList; exact: boolean };
  /** Loads the newest list of each configured spec version; never rejects. */
  prefetchLatest(): Promise<void>;
  /** Aborts fetches in flight; later calls answer from what is loaded. */
  close(): void;
}
