// CCPA enforcer (notes §19): a valid us_privacy opting out of sale (3rd character `Y`) scrubs ids,
// IP and geo for every bidder not listed in `ext.<ns>.nosale` (`*` lists all). Host switch ccpa.enforce.
import type { PrivacyEnforcer, PrivacySettings } from '../types.js';
import { scrubAll } from '../scrub.js';

export function createCcpaEnforcer(settings: PrivacySettings): PrivacyEnforcer {
  return {
    name: 'ccpa',
    apply(request, bidder, signals) {
      if (!settings.ccpaEnforce || !signals.ccpaOptOut) return { allowed: true, request };
      const exempt = signals.noSale.has('*') || signals.noSale.has(bidder.name.toLowerCase());
      if (exempt) return { allowed: true, request };
      return { allowed: true, request: scrubAll(request, settings.ipv4KeepBits, settings.ipv6KeepBits) };
    },
  };
}
