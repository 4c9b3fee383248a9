// The slice of the bidder registry the request side needs (structurally a subset of
// `BidderRegistry` in bidders/registry.ts), plus request-alias resolution (contract "Alias rules").
import type { BidderInfo } from '../../bidders/info.js';

export interface BidderLookupEntry {
  code: string;
  info: BidderInfo;
}

export interface BidderLookup {
  /** Case-insensitive lookup of a bidder code or hard alias. */
  lookup(name: string): BidderLookupEntry | undefined;
  /** [] when `params` satisfy the bidder's JSON Schema, else one line per problem. */
  validateParams(code: string, params: unknown): string[];
}

export interface ResolvedBidder {
  /** The name as written in the request (seat, error key, targeting suffix). */
  name: string;
  /** Registry entry of the adapter that runs. */
  entry: BidderLookupEntry;
  /** True when `name` is a request alias (`ext.<ns>.aliases`). */
  isAlias: boolean;
}

/**
 * Resolves a bidder name: request aliases first (an alias shadows a built-in of the same name,
 * contract "Alias rules" 2; alias names are matched exactly), then the registry, case-insensitively.
 */
export function resolveBidder(
  name: string,
  aliases: Readonly<Record<string, string>>,
  registry: BidderLookup,
): ResolvedBidder | undefined {
  const target = Object.hasOwn(aliases, name) ? aliases[name] : undefined;
  if (target !== undefined) {
    const entry = registry.lookup(target);
    return entry ? { name, entry, isAlias: true } : undefined;
  }
  const entry = registry.lookup(name);
  return entry ? { name, entry, isAlias: false } : undefined;
}

/** Reads `ext.<ns>.aliases` keeping only string targets (validation reports the rest). */
export function readAliases(nsExt: Record<string, unknown> | undefined): Record<string, string> {
  const raw = nsExt?.aliases;
  const out: Record<string, string> = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
  for (const [alias, target] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof target === 'string') out[alias] = target;
  }
  return out;
}
