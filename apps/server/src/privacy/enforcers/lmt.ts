// Limit-ad-tracking enforcer (notes §19): device.lmt = 1 → ids removed, IP masked, geo rounded, when
// the host's lmt.enforce is on (default, both upstreams).
import type { PrivacyEnforcer, PrivacySettings } from '../types.js';
import { scrubAll } from '../scrub.js';

export function createLmtEnforcer(settings: PrivacySettings): PrivacyEnforcer {
  return {
    name: 'lmt',
    apply(request, _bidder, signals) {
      if (!settings.lmtEnforce || !signals.lmt) return { allowed: true, request };
      return { allowed: true, request: scrubAll(request, settings.ipv4KeepBits, settings.ipv6KeepBits) };
    },
  };
}
