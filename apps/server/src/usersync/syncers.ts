// The syncer table (notes §3 "Sync URL construction"): one entry per enabled bidder with a sync
// URL, keyed by its cookie key `info.userSync.key ?? code`; lookups by bidder name or syncer key.
import type { BidderRegistry } from '../bidders/registry.js';
import type { UserSyncEndpoint } from '../bidders/info.js';

export type SyncType = 'iframe' | 'redirect';

export interface Syncer {
  /** Canonical bidder code (the `bidder` of sync entries and of the /setuid callback). */
  bidder: string;
  /** Cookie key the uid is stored under. */
  key: string;
  iframe?: UserSyncEndpoint;
  redirect?: UserSyncEndpoint;
  /** The type used when the client allows both. */
  defaultType: SyncType;
}

export interface SyncerTable {
  /** Case-insensitive bidder name (code or alias) → its syncer. */
  byBidder(name: string): Syncer | undefined;
  /** Bidder name first; else a syncer key (the contract's /setuid `bidder` "may differ from the bidder name"). */
  forSetuid(name: string): Syncer | undefined;
  /** Every syncer, sorted by bidder code. */
  all(): readonly Syncer[];
  /** Why a bidder name has no syncer (debug output of /cookie_sync). */
  whyNoSyncer(name: string): string;
}

export function createSyncerTable(registry: BidderRegistry): SyncerTable {
  const byCode = new Map<string, Syncer>();
  const byKey = new Map<string, Syncer>();
  for (const b of registry.all()) {
    const sync = b.info.userSync;
    if (!b.info.enabled || !sync || sync.enabled === false) continue;
    if (!sync.iframe && !sync.redirect) continue; // "supports" only: the host gives no URL
    const defaultType: SyncType =
      sync.preferred && sync[sync.preferred] ? sync.preferred : sync.iframe ? 'iframe' : 'redirect';
    const syncer: Syncer = {
      bidder: b.code,
      key: sync.key ?? b.code,
      ...(sync.iframe ? { iframe: sync.iframe } : {}),
      ...(sync.redirect ? { redirect: sync.redirect } : {}),
      defaultType,
    };
    byCode.set(b.code.toLowerCase(), syncer);
    if (!byKey.has(syncer.key.toLowerCase())) byKey.set(syncer.key.toLowerCase(), syncer);
  }
  const sorted = [...byCode.values()].sort((a, b) =>
    a.bidder < b.bidder ? -1 : a.bidder > b.bidder ? 1 : 0,
  );
  const byBidder = (name: string): Syncer | undefined => {
    const entry = registry.lookup(name);
    return entry ? byCode.get(entry.code.toLowerCase()) : undefined;
  };
  return {
    byBidder,
    forSetuid: (name) => byBidder(name) ?? byKey.get(name.toLowerCase()),
    all: () => sorted,
    whyNoSyncer(name) {
      const info = registry.lookup(name)?.info;
      if (!info) return 'Unsupported bidder';
      if (!info.enabled) return 'Disabled bidder';
      return info.userSync?.enabled === false ? 'Sync disabled by config' : 'No sync config';
    },
  };
}
