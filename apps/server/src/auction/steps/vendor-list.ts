// Step 5 (before enforcement): the privacy signals of the auction, with the Global Vendor List of the
// consent's version when GDPR applies (privacy/gvl). A version not loaded yet is fetched once for all
// auctions needing it (the service's single flight); an auction waits for it at most
// `privacy.gdpr.vendorlist-wait-ms`, then goes on with the fallback list, or the consent string alone.
import { setTimeout as sleep } from 'node:timers/promises';
import { withProps } from '@gavel/common';
import { readPrivacySignals, type SignalsOutcome } from '../../privacy/read-signals.js';
import { gvlSpecVersion, type VendorListService } from '../../privacy/gvl/index.js';
import type { PrivacySettings } from '../../privacy/types.js';
import type { AuctionContext } from '../types.js';

export interface VendorListServices {
  service: VendorListService;
  /** Longest wait for a version not loaded yet (ms). */
  waitMs: number;
}

export async function privacySignals(
  ctx: AuctionContext,
  settings: PrivacySettings,
  gvl: VendorListServices | undefined,
): Promise<SignalsOutcome> {
  const read = readPrivacySignals(ctx.request, ctx.ns, settings);
  const tc = read.signals.gdpr.consent;
  if (!gvl || !read.signals.gdpr.applies || !tc || !settings.gdpr.tcf) return read;
  const spec = gvlSpecVersion(Number(tc.policyVersion));
  const version = Number(tc.vendorListVersion);
  let list = gvl.service.get(spec, version);
  if (!list && gvl.waitMs > 0) {
    await Promise.race([gvl.service.ensure(spec, version), sleep(gvl.waitMs, undefined, { ref: false })]);
    list = gvl.service.get(spec, version);
  }
  list ??= gvl.service.resolve(spec, version).list;
  if (!list) return read;
  const gdpr = withProps(read.signals.gdpr, { vendorList: list });
  return { signals: withProps(read.signals, { gdpr }), warnings: read.warnings };
}
