// The one bidder registry (issue 4 "Bidder framework", "host-declared bidders"): built-in modules,
// host config overrides/declarations (`bidders.*`) and injected modules, resolved once at start-up
// into case-insensitive lookups of {info, adapter, params schema}.
import type { Static } from '@sinclair/typebox';
import type { HostBidderSchema } from '../config/sections/bidders.js';
import type { BidderInfo, BidderModule, Platform } from './info.js';
import type { Adapter, MediaType } from './types.js';
import { createParamsValidator, type ParamsValidator } from './params.js';
import { withProps } from '@gavel/common';

export interface RegisteredBidder {
  code: string;
  info: BidderInfo;
  adapter: Adapter;
  paramsSchema: Record<string, unknown>;
}

export interface BidderRegistry {
  /** Case-insensitive lookup of a bidder code or hard alias (info.aliasOf); returns the canonical entry. */
  lookup(name: string): RegisteredBidder | undefined;
  all(): RegisteredBidder[];
  /** Validates params against the bidder's JSON Schema: [] when valid, else error lines. */
  validateParams(code: string, params: unknown): string[];
}

export type HostBidderConfig = Static<typeof HostBidderSchema>;

export interface RegistryOptions {
  builtIns: readonly BidderModule[];
  /** `bidders.*` of the host config. */
  host?: Readonly<Record<string, HostBidderConfig>>;
  /** Modules injected by tests / the conformance harness; they replace built-ins of the same code. */
  extra?: readonly BidderModule[];
  /** Adapter of bidders without code of their own (the generic OpenRTB 2.5 adapter). */
  genericAdapter: Adapter;
  paramsValidator?: ParamsValidator;
}

/** Params schema of a bidder declared without one: any object. */
const ANY_OBJECT_SCHEMA: Record<string, unknown> = { type: 'object' };

/** OpenRTB version, GPP support, compression, geoscope and platform secrets from host config. */
function overrideProtocolInfo(info: BidderInfo, cfg: HostBidderConfig): void {
  if (cfg.openrtb?.version !== undefined) info.openrtbVersion = cfg.openrtb.version;
  if (cfg.openrtb?.['gpp-supported'] !== undefined) info.gppSupported = cfg.openrtb['gpp-supported'];
  const multiformat = cfg.openrtb?.['multiformat-supported'];
  if (multiformat !== undefined) info.multiformatSupported = multiformat;
  const compression = cfg['endpoint-compression'];
  if (compression === 'gzip') info.endpointCompression = 'gzip';
  else if (compression === 'none') info.endpointCompression = undefined;
  if (cfg.geoscope !== undefined) info.geoscope = cfg.geoscope;
  if (cfg['platform-id'] !== undefined) info.platformId = cfg['platform-id'];
  if (cfg['app-secret'] !== undefined) info.appSecret = cfg['app-secret'];
}

function overrideInfo(base: BidderInfo, cfg: HostBidderConfig): BidderInfo {
  const info: BidderInfo = { ...base };
  if (cfg.endpoint !== undefined) info.endpoint = cfg.endpoint;
  if (cfg.enabled !== undefined) info.enabled = cfg.enabled;
  if (cfg['alias-of'] !== undefined) info.aliasOf = cfg['alias-of'];
  if (cfg['gvl-vendor-id'] !== undefined) info.gvlVendorId = cfg['gvl-vendor-id'];
  if (cfg['maintainer-email'] !== undefined) info.maintainer = { email: cfg['maintainer-email'] };
  if (cfg.capabilities !== undefined) {
    const caps: Partial<Record<Platform, MediaType[]>> = {};
    if (cfg.capabilities.site) caps.site = cfg.capabilities.site as MediaType[];
    if (cfg.capabilities.app) caps.app = cfg.capabilities.app as MediaType[];
    if (cfg.capabilities.dooh) caps.dooh = cfg.capabilities.dooh as MediaType[];
    info.capabilities = caps;
  }
  if (cfg['modifying-vast-xml-allowed'] !== undefined)
    info.modifyingVastXmlAllowed = cfg['modifying-vast-xml-allowed'];
  if (cfg['debug-allowed'] !== undefined) info.debugAllowed = cfg['debug-allowed'];
  if (cfg['extra-info'] !== undefined) info.extraInfo = cfg['extra-info'];
  overrideProtocolInfo(info, cfg);
  const sync = cfg['user-sync'];
  if (sync !== undefined) {
    const ep = (e: { url: string; 'user-macro'?: string } | undefined) =>
      e && { url: e.url, ...(e['user-macro'] !== undefined ? { userMacro: e['user-macro'] } : {}) };
    const iframe = ep(sync.iframe);
    const redirect = ep(sync.redirect);
    info.userSync = withProps(
      sync.key !== undefined ? { key: sync.key } : {},
      iframe ? { iframe } : {},
      redirect ? { redirect } : {},
      sync.preferred !== undefined ? { preferred: sync.preferred } : {},
    );
  }
  return info;
}

function applyHostConfig(
  modules: Map<string, BidderModule>,
  host: Readonly<Record<string, HostBidderConfig>>,
): void {
  for (const [name, cfg] of Object.entries(host)) {
    const key = name.toLowerCase();
    const existing = modules.get(key);
    const aliasTarget =
      cfg['alias-of'] !== undefined ? modules.get(cfg['alias-of'].toLowerCase()) : undefined;
    if (cfg['alias-of'] !== undefined && !aliasTarget) {
      throw new Error(`bidders.${name}.alias-of: unknown bidder "${cfg['alias-of']}"`);
    }
    if (cfg.capabilities !== undefined || aliasTarget) {
      // A declaration: a new bidder (or one replacing a built-in of the same name) run by the
      // generic adapter, or a hard alias inheriting its target's info.
      const base: BidderInfo = aliasTarget
        ? withProps(aliasTarget.info, { aliasOf: aliasTarget.code, userSync: undefined })
        : { endpoint: '', enabled: true, capabilities: {} };
      if (!aliasTarget && !cfg.endpoint) throw new Error(`bidders.${name}.endpoint is required`);
      modules.set(key, {
        code: name,
        info: overrideInfo(base, cfg),
        paramsSchema: cfg['params-schema'] ?? aliasTarget?.paramsSchema ?? ANY_OBJECT_SCHEMA,
      });
    } else if (existing) {
      modules.set(key, withProps(existing, { info: overrideInfo(existing.info, cfg) }));
    } else {
      throw new Error(
        `bidders.${name}: not a built-in bidder; give "endpoint" and "capabilities" to declare it`,
      );
    }
  }
}

export function createBidderRegistry(opts: RegistryOptions): BidderRegistry {
  const modules = new Map<string, BidderModule>();
  for (const m of opts.builtIns) modules.set(m.code.toLowerCase(), m);
  for (const m of opts.extra ?? []) modules.set(m.code.toLowerCase(), m);
  applyHostConfig(modules, opts.host ?? {});

  const entries = new Map<string, RegisteredBidder>();
  for (const [key, m] of modules) {
    const parent = m.info.aliasOf !== undefined ? modules.get(m.info.aliasOf.toLowerCase()) : undefined;
    const ownSchema = Object.keys(m.paramsSchema).length > 0 ? m.paramsSchema : undefined;
    entries.set(key, {
      code: m.code,
      info: m.info,
      adapter: m.adapter ?? parent?.adapter ?? opts.genericAdapter,
      paramsSchema: ownSchema ?? parent?.paramsSchema ?? ANY_OBJECT_SCHEMA,
    });
  }
  const sorted = [...entries.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const validator = opts.paramsValidator ?? createParamsValidator();

  return {
    lookup: (name) => entries.get(name.toLowerCase()),
    all: () => sorted.slice(),
    validateParams(code, params) {
      const entry = entries.get(code.toLowerCase());
      if (!entry) return [`unknown bidder: ${code}`];
      return validator.validate(entry.paramsSchema, params);
    },
  };
}
