// Builds the category fetcher from the `category-mapping` config section (config-section.ts).
import { join } from 'node:path';
import type { CategoryMappingConfig } from './config-section.js';
import { createFileCategoryFetcher } from './fetcher.js';
import type { CategoryFetcher } from './types.js';

/** No mapping data (G EmptyFetcher): every look-up finds nothing, so bids needing one are rejected. */
export function createEmptyCategoryFetcher(): CategoryFetcher {
  return {
    fetch: () => Promise.resolve(undefined),
    lookup: () => Promise.resolve({ error: 'category mapping is disabled' }),
  };
}

export interface CategoryFetcherFromConfig {
  config: CategoryMappingConfig;
  /** `settings.files.dir` as resolved (the bundled stored-data directory when that key is ""). */
  storedFilesDir: string;
}

export function createCategoryFetcherFromConfig(o: CategoryFetcherFromConfig): CategoryFetcher {
  if (!o.config.enabled) return createEmptyCategoryFetcher();
  return createFileCategoryFetcher({
    dir: o.config.dir !== '' ? o.config.dir : join(o.storedFilesDir, 'categories'),
    maxFiles: o.config['cache-size'],
    missingTtlMs: o.config['missing-ttl-seconds'] * 1000,
  });
}
