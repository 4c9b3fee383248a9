// A complete, validated cache config from a partial one (defaults filled in), for tests,
// benchmarks and the conformance tool, which build apps without files or environment.
import { ConfigError, createConfigValidator, deepFreeze } from '@gavel/common';
import { CacheConfigSchema, type CacheConfig } from './schema.js';

export function resolveCacheConfig(partial: unknown = {}): CacheConfig {
  const { value, problems } = createConfigValidator(CacheConfigSchema)(partial);
  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(value);
}
