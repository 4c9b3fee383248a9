// Host config of the vendor list service: `privacy.gdpr.vendorlist.*` (G `gdpr.timeouts_ms.*` and
// VendorListURLMaker; J `gdpr.vendorlist.*`). The coordinator merges `vendorListSchema` into the
// `privacy.gdpr` section; `vendorListOptionsFromConfig` maps it to createVendorListService options.
import { readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { section, type Clock } from '@gavel/common';
import { parseVendorListText } from './parse.js';
import { DEFAULT_LATEST_URL_TEMPLATE, DEFAULT_URL_TEMPLATE } from './service.js';
import type { VendorList, VendorListServiceOptions } from './types.js';

const int = (def: number, description: string, minimum = 0) =>
  Type.Integer({ minimum, default: def, description });

export const vendorListSchema = section(
  {
    enabled: Type.Boolean({
      default: true,
      description:
        'Fetch vendor lists so TCF checks know what each vendor declares; false: the consent string alone decides',
    }),
    'url-template': Type.String({
      default: DEFAULT_URL_TEMPLATE,
      description: 'URL of one list version; {specVersion} (2 or 3) and {listVersion} are replaced',
    }),
    'latest-url-template': Type.String({
      default: DEFAULT_LATEST_URL_TEMPLATE,
      description: 'URL of the newest list, used by the start-up prefetch; {specVersion} is replaced',
    }),
    'fetch-timeout-ms': int(2000, 'Time limit of one HTTP attempt (connect and body)', 1),
    retries: int(2, 'Further attempts after a failed fetch of a version'),
    'retry-backoff-ms': int(200, 'Delay before the first retry; doubles per retry'),
    'failure-ttl-ms': int(
      60000,
      'A version whose fetch failed is not fetched again for this long (its requests use the fallback)',
    ),
    'max-versions': int(20, 'List versions kept in memory at most (least recently used dropped)', 1),
    'max-bytes': int(16777216, 'Largest accepted list in bytes; 0 = no limit'),
    'prefetch-latest': Type.Boolean({
      default: false,
      description: 'Fetch the newest v2 and v3 lists at start-up (they also serve as the fallback)',
    }),
    'fallback-file': Type.String({
      default: '',
      description:
        'A GVL JSON file used while a requested version is unavailable and no list of its spec version is loaded; empty = none',
    }),
  },
  'Global Vendor List fetching (per-version lists for TCF v2 vendor checks)',
);

export const vendorListSection = {
  privacy: section({ gdpr: section({ vendorlist: vendorListSchema }, 'GDPR') }, 'Privacy'),
};

export type VendorListConfig = Static<typeof vendorListSchema>;

/** Reads a fallback file; the spec version is taken from its `gvlSpecificationVersion` (default 3). */
export function loadFallbackVendorList(path: string): VendorList {
  const text = readFileSync(path, 'utf8');
  const spec = (JSON.parse(text) as { gvlSpecificationVersion?: unknown }).gvlSpecificationVersion;
  const parsed = parseVendorListText(text, Number.isInteger(spec) ? (spec as number) : 3);
  if (!parsed.ok) throw new Error(`privacy.gdpr.vendorlist.fallback-file ${path}: ${parsed.reason}`);
  return parsed.list;
}

/** Host config → service options (add transport, logger, onFetch as the server has them). */
export function vendorListOptionsFromConfig(cfg: VendorListConfig, clock: Clock): VendorListServiceOptions {
  const opts: VendorListServiceOptions = {
    urlTemplate: cfg['url-template'],
    latestUrlTemplate: cfg['latest-url-template'],
    fetchTimeoutMs: cfg['fetch-timeout-ms'],
    retries: cfg.retries,
    retryBackoffMs: cfg['retry-backoff-ms'],
    failureTtlMs: cfg['failure-ttl-ms'],
    maxVersions: cfg['max-versions'],
    maxBytes: cfg['max-bytes'],
    clock,
  };
  if (cfg['fallback-file'] !== '') opts.fallback = loadFallbackVendorList(cfg['fallback-file']);
  return opts;
}
