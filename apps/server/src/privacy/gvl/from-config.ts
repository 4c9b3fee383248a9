// The vendor list service of the server, from `privacy.gdpr.vendorlist` (undefined when disabled), with
// the start-up prefetch when configured.
import type { Clock } from '@gavel/common';
import { createVendorListService } from './service.js';
import { vendorListOptionsFromConfig, type VendorListConfig } from './config-section.js';
import type { GvlLogger, VendorListService } from './types.js';

export function vendorListServiceFromConfig(
  cfg: VendorListConfig,
  deps: { clock: Clock; logger?: GvlLogger },
): VendorListService | undefined {
  if (!cfg.enabled) return undefined;
  const service = createVendorListService(
    Object.assign(vendorListOptionsFromConfig(cfg, deps.clock), deps.logger ? { logger: deps.logger } : {}),
  );
  if (cfg['prefetch-latest']) void service.prefetchLatest();
  return service;
}
