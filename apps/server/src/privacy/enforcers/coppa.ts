// COPPA enforcer (notes §19): regs.coppa = 1 → ids removed, IP masked and geo emptied for every bidder.
import type { PrivacyEnforcer, PrivacySettings } from '../types.js';
import { emptyGeo, maskIp, scrubIds } from '../scrub.js';

export function createCoppaEnforcer(settings: PrivacySettings): PrivacyEnforcer {
  return {
    name: 'coppa',
    apply(request, _bidder, signals) {
      if (!signals.coppa) return { allowed: true, request };
      const out = emptyGeo(maskIp(scrubIds(request), settings.ipv4KeepBits, settings.ipv6KeepBits));
      return { allowed: true, request: out };
    },
  };
}
