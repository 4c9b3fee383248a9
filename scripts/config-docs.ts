// The text of docs/config.md, generated from the schemas (a test compares it with the file).
import { renderConfigReference } from '@gavel/common';
import { ServerConfigSchema, SERVER_ENV_PREFIX } from '@gavel/server';
import { CacheConfigSchema, CACHE_ENV_PREFIX } from '@gavel/cache';

export function renderConfigDocs(): string {
  return [
    '# Configuration reference',
    '',
    'Generated from the config schemas by `npm run docs:config`; do not edit by hand (a test fails when it is stale).',
    '',
    'Sources, later wins: built-in defaults → each `--config FILE` (YAML or JSON, repeatable, in order) →',
    'environment variables. A variable name is the prefix plus the key path upper-cased with `.` and `-`',
    'turned into `_` (e.g. `admin.port` → `GAVEL_ADMIN_PORT`); lists and maps are given as JSON.',
    'Every problem is reported at start-up with its key path, then the process exits 1.',
    '`--check-config` prints the resolved config (secrets redacted) and exits 0, or 1 on errors.',
    '',
    renderConfigReference(
      'Auction server (`apps/server`)',
      ServerConfigSchema,
      SERVER_ENV_PREFIX,
      'Environment prefix `GAVEL_`.',
    ),
    renderConfigReference(
      'Cache service (`apps/cache`)',
      CacheConfigSchema,
      CACHE_ENV_PREFIX,
      'Environment prefix `GAVEL_CACHE_SVC_`.',
    ),
  ].join('\n');
}
