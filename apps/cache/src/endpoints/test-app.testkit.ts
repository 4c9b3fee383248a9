// Builds an in-process cache app on the memory backend with a manual clock and sequential ids.
import { createLogger, createManualClock, createSequentialIds } from '@gavel/common';
import { createCacheApp, type CacheApp } from '../app.js';
import { createMemoryBackend } from '../backends/memory.js';
import { resolveCacheConfig } from '../config/resolve.js';

export interface TestApp extends CacheApp {
  clock: ReturnType<typeof createManualClock>;
  close(): Promise<void>;
}

// 36 characters, like the random UUIDs the service hands out.
export const testIdPrefix = '00000000-0000-4000-8000-00000000000';
export const testIds = () => createSequentialIds(testIdPrefix);

export async function buildTestApp(config: unknown = {}): Promise<TestApp> {
  const clock = createManualClock(1_000_000);
  const app = await createCacheApp(resolveCacheConfig(config), {
    logger: createLogger({ level: 'silent', name: 'cache-test' }),
    version: { revision: 'test', version: '0' },
    clock,
    ids: testIds(),
    backend: createMemoryBackend({ maxBytes: 1 << 20, clock }),
  });
  return {
    ...app,
    clock,
    close: async () => {
      await app.closeResources();
      await Promise.all([app.publicApp.close(), app.adminApp.close()]);
    },
  };
}
