// What the cache endpoints need, built once in createCacheApp.
import type { IdSource } from '@gavel/common';
import type { CacheBackend } from '../backends/types.js';

export interface CacheRouteContext {
  /** The decorated backend (limits and metrics applied). */
  backend: CacheBackend;
  ids: IdSource;
  maxNumValues: number;
  allowSettingKeys: boolean;
  errorMessages: 'descriptive' | 'upstream';
  /** 0..1: share of requests whose Referer is logged. */
  refererSamplingRate: number;
  /** Uniform [0, 1), injectable for deterministic referer sampling. */
  random: () => number;
}
