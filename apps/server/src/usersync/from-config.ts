// User sync settings resolved once from host config (config/sections/usersync.ts) and the bidder
// registry: what the three sync endpoints share. Stateless after creation; nothing to close.
import type { ServerConfig } from '../config/schema.js';
import type { BidderRegistry } from '../bidders/registry.js';
import { createSyncerTable, type SyncerTable } from './syncers.js';
import { consentGateFromPrivacy, type ConsentGate } from './consent-gate.js';
import { privacySettingsFromConfig } from '../privacy/settings.js';
import type { CookieAttributes } from './set-cookie.js';
import type { VendorListService } from '../privacy/gvl/index.js';
import { createActivityControl, type ActivitySettings } from '../privacy/activities/index.js';

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
  /** The syncUser activity of an account's requests (host activity controls, the account's over them). */
  syncUserFor?: (
    accountId: string,
    gppSids: readonly number[],
  ) => Promise<((bidder: string) => boolean) | undefined>;
}

export interface UserSyncOptions {
  /** The privacy seam; default: from the host's `privacy.gdpr` settings. */
  gate?: ConsentGate;
  /** Loaded vendor lists, so sync decisions match the auction's. */
  vendorLists?: VendorListService;
  /** The activity settings of an account ('' → the host's); absent → syncUser always allowed. */
  activitiesOf?: (accountId: string) => Promise<ActivitySettings | undefined>;
}

/** syncUser for one bidder (G ActivityAllowsUserSync): rules on the bidder, GPP section ids; no geo. */
function syncUserCheck(activitiesOf: (accountId: string) => Promise<ActivitySettings | undefined>) {
  return async (accountId: string, gppSids: readonly number[]) => {
    const settings = await activitiesOf(accountId);
    if (!settings?.allowActivities) return undefined;
    const control = createActivityControl({
      config: settings.allowActivities,
      modules: settings.modules ?? [],
      gppSids,
    });
    return (bidder: string) => control.allow('syncUser', { componentType: 'bidder', componentName: bidder });
  };
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
    ...(opts.activitiesOf ? { syncUserFor: syncUserCheck(opts.activitiesOf) } : {}),
  };
}
