// Maps the `privacy` config section (config/sections/privacy.ts) to the module's PrivacySettings.
import type { Static } from '@sinclair/typebox';
import { EEA_COUNTRIES, type privacySection } from '../config/sections/privacy.js';
import type { PrivacySettings } from './types.js';
import { resolveTcfConfig } from './tcf/index.js';

export type PrivacyConfig = Static<(typeof privacySection)['privacy']>;

export function privacySettingsFromConfig(c: PrivacyConfig): PrivacySettings {
  return {
    gdpr: {
      enabled: c.gdpr.enabled,
      defaultApplies: c.gdpr['default-value'] === '1',
      eeaCountries: new Set(c.gdpr['eea-countries']),
      hostVendorId: c.gdpr['host-vendor-id'],
      enforcePurpose2: c.gdpr.tcf2.purpose2['enforce-purpose'],
      enforceSpecialFeature1: c.gdpr.tcf2['special-feature1'].enforce,
      tcf2: c.gdpr.tcf2,
      tcf: resolveTcfConfig(c.gdpr.tcf2),
    },
    ccpaEnforce: c.ccpa.enforce,
    lmtEnforce: c.lmt.enforce,
    ipv4KeepBits: c['ipv4-keep-bits'],
    ipv6KeepBits: c['ipv6-keep-bits'],
  };
}

/** The schema defaults, for callers without a config (tests, the pipeline's fallback). */
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = {
  gdpr: {
    enabled: true,
    defaultApplies: false,
    eeaCountries: new Set(EEA_COUNTRIES),
    hostVendorId: 0,
    enforcePurpose2: true,
    enforceSpecialFeature1: true,
  },
  ccpaEnforce: true,
  lmtEnforce: true,
  ipv4KeepBits: 24,
  ipv6KeepBits: 56,
};
