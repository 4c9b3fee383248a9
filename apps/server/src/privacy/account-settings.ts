// Account-level privacy over the host's (upstream G config/account.go AccountGDPR/AccountCCPA
// EnabledForChannelType, AccountPrivacy ipv4/ipv6 anon_keep_bits): an account may switch GDPR and CCPA
// enforcement on or off, per channel (`channel_enabled`, legacy `integration_enabled`) or for all, and
// keep more or fewer IP bits. Absent keys leave the host's settings.
import { withProps } from '@gavel/common';
import type { PrivacySettings } from './types.js';
import { purposeConfig, resolveTcfConfig } from './tcf/index.js';

export type Channel = 'web' | 'app' | 'amp' | 'video' | 'dooh';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const CHANNELS: readonly Channel[] = ['web', 'app', 'amp', 'video', 'dooh'];

/** A regime block's switch for `channel`: channel_enabled, then integration_enabled, then enabled. */
function enabledFor(block: unknown, channel: Channel): boolean | undefined {
  if (!isObj(block)) return undefined;
  for (const key of ['channel_enabled', 'integration_enabled']) {
    const byChannel = block[key];
    const v = isObj(byChannel) ? byChannel[channel] : undefined;
    if (typeof v === 'boolean') return v;
  }
  return typeof block['enabled'] === 'boolean' ? block['enabled'] : undefined;
}

function keepBits(privacy: Obj, family: 'ipv4' | 'ipv6'): number | undefined {
  const block = privacy[family];
  const v = isObj(block) ? block['anon_keep_bits'] : undefined;
  return typeof v === 'number' ? v : undefined;
}

/**
 * Problems in an account's `gdpr`, `ccpa` and `privacy.ipv4/ipv6` blocks (wrong types), as
 * `<path> must be ...` texts; empty when usable. A malformed account is refused as a whole.
 */
export function accountPrivacyErrors(doc: Obj): string[] {
  const errors: string[] = [];
  for (const regime of ['gdpr', 'ccpa'] as const) {
    const block = doc[regime];
    if (block === undefined || block === null) continue;
    if (!isObj(block)) {
      errors.push(`${regime} must be an object`);
      continue;
    }
    if (block['enabled'] !== undefined && typeof block['enabled'] !== 'boolean')
      errors.push(`${regime}.enabled must be a boolean`);
    for (const key of ['channel_enabled', 'integration_enabled']) {
      const byChannel = block[key];
      if (byChannel === undefined || byChannel === null) continue;
      if (!isObj(byChannel)) errors.push(`${regime}.${key} must be an object`);
      else
        for (const c of CHANNELS)
          if (byChannel[c] !== undefined && typeof byChannel[c] !== 'boolean')
            errors.push(`${regime}.${key}.${c} must be a boolean`);
    }
  }
  const privacy = doc['privacy'];
  if (isObj(privacy))
    for (const [family, max] of [
      ['ipv4', 32],
      ['ipv6', 128],
    ] as const) {
      const v = isObj(privacy[family]) ? privacy[family]['anon_keep_bits'] : undefined;
      if (v !== undefined && (!Number.isInteger(v) || (v as number) < 0 || (v as number) > max))
        errors.push(`privacy.${family}.anon_keep_bits must be an integer from 0 to ${max}`);
    }
  return errors;
}

/** True when the account's privacy (as Account.privacy keeps it) changes anything for `channel`. */
export function hasAccountPrivacy(privacy: Obj | undefined): boolean {
  if (!privacy) return false;
  return isObj(privacy['gdpr']) || isObj(privacy['ccpa']) || isObj(privacy['ipv4']) || isObj(privacy['ipv6']);
}

/** The account's `gdpr` block over the host's GDPR settings: the switch and the TCF rules. */
function gdprSettings(
  host: PrivacySettings['gdpr'],
  block: unknown,
  o: { enabled: boolean | undefined; channel: Channel },
): PrivacySettings['gdpr'] {
  if (!isObj(block) || !host.tcf2)
    return o.enabled === undefined ? host : withProps(host, { enabled: o.enabled });
  const tcf = resolveTcfConfig(host.tcf2, block, o.channel);
  return withProps(host, {
    enabled: o.enabled ?? host.enabled,
    tcf,
    enforcePurpose2: purposeConfig(tcf, 2).enforcePurpose,
    enforceSpecialFeature1: tcf.specialFeature1.enforce,
  });
}

/** The host settings with the account's overrides for `channel`. */
export function accountPrivacySettings(
  host: PrivacySettings,
  privacy: Obj | undefined,
  channel: Channel,
): PrivacySettings {
  if (!privacy) return host;
  const gdpr = enabledFor(privacy['gdpr'], channel);
  const ccpa = enabledFor(privacy['ccpa'], channel);
  const ipv4 = keepBits(privacy, 'ipv4');
  const ipv6 = keepBits(privacy, 'ipv6');
  return {
    gdpr: gdprSettings(host.gdpr, privacy['gdpr'], { enabled: gdpr, channel }),
    ccpaEnforce: ccpa ?? host.ccpaEnforce,
    lmtEnforce: host.lmtEnforce,
    ipv4KeepBits: ipv4 ?? host.ipv4KeepBits,
    ipv6KeepBits: ipv6 ?? host.ipv6KeepBits,
  };
}
