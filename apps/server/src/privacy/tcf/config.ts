// The TCF v2 settings one request is enforced with: an account's `gdpr` block over the host's
// `privacy.gdpr.tcf2` (G gdpr/aggregated_config.go, config/account.go). Key by key, as upstream: a
// value the account sets (vendor exception lists included, even empty) wins, else the host's.
import type { HostTcfConfig } from './config-section.js';

export type EnforceAlgo = 'full' | 'basic';

export interface PurposeConfig {
  readonly algo: EnforceAlgo;
  readonly enforcePurpose: boolean;
  readonly enforceVendors: boolean;
  /** Bidder codes exempt from this purpose's checks. */
  readonly vendorExceptions: ReadonlySet<string>;
}

export interface ResolvedTcfConfig {
  /** TCF enforcement on for this request's channel. */
  readonly enabled: boolean;
  /** Purposes 1–10. */
  readonly purposes: ReadonlyMap<number, PurposeConfig>;
  readonly purposeOneTreatment: { readonly enabled: boolean; readonly accessAllowed: boolean };
  readonly specialFeature1: { readonly enforce: boolean; readonly vendorExceptions: ReadonlySet<string> };
  readonly basicEnforcementVendors: ReadonlySet<string>;
}

/** Channels of account `gdpr.channel_enabled` (G AccountChannel). */
export type TcfChannel = 'amp' | 'app' | 'video' | 'web' | 'dooh';

type Doc = Record<string, unknown>;

function asDoc(v: unknown): Doc | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : undefined;
}

/** Account documents are snake_case upstream; kebab-case is read as well. */
function field(doc: Doc | undefined, key: string): unknown {
  if (!doc) return undefined;
  return doc[key] ?? doc[key.replaceAll('_', '-')];
}

function bool(doc: Doc | undefined, key: string): boolean | undefined {
  const v = field(doc, key);
  return typeof v === 'boolean' ? v : undefined;
}

function nameSet(doc: Doc | undefined, key: string): ReadonlySet<string> | undefined {
  const v = field(doc, key);
  if (!Array.isArray(v)) return undefined;
  return new Set(v.filter((x): x is string => typeof x === 'string'));
}

function algo(doc: Doc | undefined): EnforceAlgo | undefined {
  const v = field(doc, 'enforce_algo');
  return v === 'full' || v === 'basic' ? v : undefined;
}

function hostPurpose(host: HostTcfConfig, n: number): HostTcfConfig['purpose1'] {
  return host[`purpose${n}` as `purpose${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`];
}

function mergePurpose(host: HostTcfConfig, account: Doc | undefined, n: number): PurposeConfig {
  const h = hostPurpose(host, n);
  const a = asDoc(field(account, `purpose${n}`));
  return {
    algo: algo(a) ?? h['enforce-algo'],
    enforcePurpose: bool(a, 'enforce_purpose') ?? h['enforce-purpose'],
    enforceVendors: bool(a, 'enforce_vendors') ?? h['enforce-vendors'],
    vendorExceptions: nameSet(a, 'vendor_exceptions') ?? new Set(h['vendor-exceptions']),
  };
}

function channelEnabled(account: Doc | undefined, channel: TcfChannel | undefined): boolean | undefined {
  if (channel === undefined) return undefined;
  return (
    bool(asDoc(field(account, 'channel_enabled')), channel) ??
    bool(asDoc(field(account, 'integration_enabled')), channel)
  );
}

/**
 * Host settings with an account's `gdpr` block over them. `account` is the raw block (values of the
 * wrong type count as unset); `channel` selects `channel_enabled.<channel>`.
 */
export function resolveTcfConfig(
  host: HostTcfConfig,
  account?: unknown,
  channel?: TcfChannel,
): ResolvedTcfConfig {
  const a = asDoc(account);
  const purposes = new Map<number, PurposeConfig>();
  for (let n = 1; n <= 10; n++) purposes.set(n, mergePurpose(host, a, n));
  const p1t = asDoc(field(a, 'purpose_one_treatment'));
  const sf1 = asDoc(field(a, 'special_feature1'));
  const hostP1t = host['purpose-one-treatment'];
  const hostSf1 = host['special-feature1'];
  return {
    enabled: channelEnabled(a, channel) ?? bool(a, 'enabled') ?? host.enabled,
    purposes,
    purposeOneTreatment: {
      enabled: bool(p1t, 'enabled') ?? hostP1t.enabled,
      accessAllowed: bool(p1t, 'access_allowed') ?? hostP1t['access-allowed'],
    },
    specialFeature1: {
      enforce: bool(sf1, 'enforce') ?? hostSf1.enforce,
      vendorExceptions: nameSet(sf1, 'vendor_exceptions') ?? new Set(hostSf1['vendor-exceptions']),
    },
    basicEnforcementVendors:
      nameSet(a, 'basic_enforcement_vendors') ?? new Set(host['basic-enforcement-vendors']),
  };
}

/** The purpose's settings; purposes outside 1–10 are not enforced (G TCF2.PurposeEnforced). */
export function purposeConfig(cfg: ResolvedTcfConfig, purpose: number): PurposeConfig {
  return cfg.purposes.get(purpose) ?? NOT_CONFIGURED;
}

const NOT_CONFIGURED: PurposeConfig = {
  algo: 'full',
  enforcePurpose: false,
  enforceVendors: false,
  vendorExceptions: new Set(),
};
