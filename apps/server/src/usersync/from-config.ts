// User sync settings resolved once from host config (config/sections/usersync.ts) and the bidder
// registry: what the three sync endpoints share. Stateless after creation; nothing to close.
import type { ServerConfig } from '../config/schema.js';
import type { BidderRegistry } from '../bidders/registry.js';
import { createSyncerTable, type SyncerTable } from './syncers.js';
import { consentGateFromPrivacy, type ConsentGate } from './consent-gate.js';
import { privacySettingsFromConfig } from '../privacy/settings.js';
import type { CookieAttributes } from './set-cookie.js';
import type { VendorListService } from '../privacy/gvl/index.js';

export interface UserSyncSettings {
  table: SyncerTable;
  gate: ConsentGate;
  cookie: CookieAttributes;
  /** 0 = unlimited. */
  maxCookieBytes: number;
  /** Opt-out cookie name/value; name '' = none. */
  optout: { name: string; value: string };
  externalUrl: string;
  coopDefault: boolean;
  /** 0 = unlimited. */
  defaultLimit: number;
}

export interface UserSyncOptions {
  /** The privacy seam; default: from the host's `privacy.gdpr` settings. */
  gate?: ConsentGate;
  /** Loaded vendor lists, so sync decisions match the auction's. */
  vendorLists?: VendorListService;
}

export function createUserSyncSettings(
  config: ServerConfig,
  registry: BidderRegistry,
  opts: UserSyncOptions = {},
): UserSyncSettings {
  const host = config['host-cookie'];
  const sync = config['user-sync'];
  const max = host['max-cookie-size-bytes'];
  if (max !== 0 && max < 500) {
    throw new Error('host-cookie.max-cookie-size-bytes must be 0 (unlimited) or at least 500');
  }
  return {
    table: createSyncerTable(registry),
    gate:
      opts.gate ??
      consentGateFromPrivacy(privacySettingsFromConfig(config.privacy), {
        vendorIdOf: (bidder) => registry.lookup(bidder)?.info.gvlVendorId,
        ...(opts.vendorLists ? { vendorLists: opts.vendorLists } : {}),
      }),
    cookie: { domain: host.domain, ttlDays: host['ttl-days'] },
    maxCookieBytes: max,
    optout: { name: host['optout-cookie'].name, value: host['optout-cookie'].value },
    externalUrl: sync['external-url'] ?? config['external-url'],
    coopDefault: sync['coop-sync-default'],
    defaultLimit: sync['default-limit'],
  };
}
