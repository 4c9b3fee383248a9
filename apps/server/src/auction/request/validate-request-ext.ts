// Rules over request.ext.<ns> (notes §7): aliases, aliasgvlids, bidadjustmentfactors, schains,
// eidpermissions, currency rates, channel, cache, targeting. First fatal problem wins.
import type { ExtNamespace } from '../types.js';
import { resolveBidder, type BidderLookup } from './bidder-lookup.js';
import { formatFloat, isNumber, isObject, type JsonObject } from './json-shape.js';
import { checkTargeting } from './price-granularity.js';

/** ISO 4217 codes known to the runtime's ICU data (built in; no currency list to maintain). */
const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

interface ExtEnv {
  ns: ExtNamespace;
  registry: BidderLookup;
  aliases: Readonly<Record<string, string>>;
}

function checkAliases(nsExt: JsonObject, env: ExtEnv): string | undefined {
  const raw = nsExt.aliases;
  if (raw === undefined || raw === null) return undefined;
  const p = `request.ext.${env.ns}.aliases`;
  if (!isObject(raw)) return `${p} must be an object`;
  for (const [alias, target] of Object.entries(raw)) {
    if (typeof target !== 'string') return `${p}.${alias} must be a string`;
    const entry = env.registry.lookup(target);
    if (!entry) return `${p}.${alias} refers to unknown bidder: ${target}`;
    if (!entry.info.enabled) return `${p}.${alias} refers to disabled bidder: ${target}`;
    if (alias === target)
      return `${p}.${alias} defines a no-op alias. Choose a different alias, or remove this entry.`;
  }
  return undefined;
}

function checkAliasGvlIds(nsExt: JsonObject, env: ExtEnv): string | undefined {
  const raw = nsExt.aliasgvlids;
  if (raw === undefined || raw === null) return undefined;
  const p = `request.ext.${env.ns}.aliasgvlids`;
  if (!isObject(raw)) return `${p} must be an object`;
  for (const [alias, id] of Object.entries(raw)) {
    if (!Object.hasOwn(env.aliases, alias))
      return `${p}. vendorId ${String(id)} refers to unknown bidder alias: ${alias}`;
    if (!isNumber(id) || !Number.isInteger(id) || id < 1) {
      return `${p}. Invalid vendorId ${String(id)} for alias: ${alias}. Choose a different vendorId, or remove this entry.`;
    }
  }
  return undefined;
}

/** Each bidder's factor of `map`; `except` (the request level's `mediatypes`) is not a bidder. */
function checkFactorMap(map: JsonObject, p: string, env: ExtEnv, except?: string): string | undefined {
  const seen = new Set<string>();
  for (const bidder of Object.keys(map)) {
    if (bidder === except) continue;
    const factor = map[bidder];
    if (!isNumber(factor) || factor <= 0) {
      return `${p}.${bidder} must be a positive number. Got ${isNumber(factor) ? formatFloat(factor) : JSON.stringify(factor)}`;
    }
    const resolved = resolveBidder(bidder, env.aliases, env.registry);
    if (!resolved) return `${p}.${bidder} is not a known bidder or alias`;
    const key = resolved.isAlias ? bidder : resolved.entry.code.toLowerCase();
    if (seen.has(key)) return 'cannot have multiple bidders that differ only in case style';
    seen.add(key);
  }
  return undefined;
}

function checkAdjustmentFactors(nsExt: JsonObject, env: ExtEnv): string | undefined {
  const raw = nsExt.bidadjustmentfactors;
  if (raw === undefined || raw === null) return undefined;
  const p = `request.ext.${env.ns}.bidadjustmentfactors`;
  if (!isObject(raw)) return `${p} must be an object`;
  const err = checkFactorMap(raw, p, env, 'mediatypes');
  const mediatypes = raw.mediatypes;
  if (err || mediatypes === undefined || mediatypes === null) return err;
  if (!isObject(mediatypes)) return `${p}.mediatypes must be an object`;
  for (const type of Object.keys(mediatypes)) {
    const map = mediatypes[type];
    if (
      type !== 'banner' &&
      type !== 'video' &&
      type !== 'video-outstream' &&
      type !== 'audio' &&
      type !== 'native'
    ) {
      return `${p}.mediatypes.${type} is not a media type`;
    }
    if (!isObject(map)) return `${p}.mediatypes.${type} must be an object`;
    const e = checkFactorMap(map, `${p}.mediatypes.${type}`, env);
    if (e) return e;
  }
  return undefined;
}

function checkSchains(nsExt: JsonObject, ns: ExtNamespace): string | undefined {
  const raw = nsExt.schains;
  if (raw === undefined || raw === null) return undefined;
  const p = `request.ext.${ns}.schains`;
  if (!Array.isArray(raw)) return `${p} must be an array`;
  const seen = new Set<string>();
  for (let i = 0; i < raw.length; i++) {
    const entry: unknown = raw[i];
    if (!isObject(entry) || !Array.isArray(entry.bidders))
      return `${p}[${i}].bidders must be an array of strings`;
    if (!isObject(entry.schain)) return `${p}[${i}].schain must be an object`;
    for (const b of entry.bidders as unknown[]) {
      if (typeof b !== 'string') return `${p}[${i}].bidders must be an array of strings`;
      if (seen.has(b)) {
        return `${p} contains multiple schains for bidder ${b}; it must contain no more than one per bidder.`;
      }
      seen.add(b);
    }
  }
  return undefined;
}

function checkEidPermissions(nsExt: JsonObject, env: ExtEnv): string | undefined {
  const data = nsExt.data;
  if (!isObject(data) || data.eidpermissions === undefined || data.eidpermissions === null) return undefined;
  const p = `request.ext.${env.ns}.data.eidpermissions`;
  if (!Array.isArray(data.eidpermissions)) return `${p} must be an array`;
  const sources = new Set<string>();
  const perms = data.eidpermissions as unknown[];
  for (let i = 0; i < perms.length; i++) {
    const e: unknown = perms[i];
    if (!isObject(e) || typeof e.source !== 'string' || e.source === '')
      return `${p}[${i}] missing required field: "source"`;
    if (sources.has(e.source)) return `${p}[${i}] duplicate entry with field: "source"`;
    sources.add(e.source);
    if (!Array.isArray(e.bidders) || e.bidders.length === 0)
      return `${p}[${i}] missing or empty required field: "bidders"`;
    for (const b of e.bidders as unknown[]) {
      if (b === '*') {
        if (e.bidders.length > 1)
          return `${p}[${i}] contains bidder wildcard "*" mixed with specific bidders`;
      } else if (typeof b !== 'string' || !resolveBidder(b, env.aliases, env.registry)) {
        return `${p}[${i}] contains unrecognized bidder "${String(b)}"`;
      }
    }
  }
  return undefined;
}

function checkCurrency(nsExt: JsonObject, ns: ExtNamespace): string | undefined {
  const currency = nsExt.currency;
  if (currency === undefined || currency === null) return undefined;
  if (!isObject(currency)) return `request.ext.${ns}.currency must be an object`;
  const rates = currency.rates;
  if (rates === undefined || rates === null) return undefined;
  if (!isObject(rates)) return `request.ext.${ns}.currency.rates must be an object`;
  for (const [from, row] of Object.entries(rates)) {
    if (!CURRENCY_CODES.has(from)) return `currency code ${from} is not recognized or malformed`;
    if (!isObject(row)) return `request.ext.${ns}.currency.rates.${from} must be an object`;
    for (const [to, rate] of Object.entries(row)) {
      if (!CURRENCY_CODES.has(to)) return `currency code ${to} is not recognized or malformed`;
      if (!isNumber(rate) || rate <= 0)
        return `request.ext.${ns}.currency.rates.${from}.${to} must be a positive number`;
    }
  }
  return undefined;
}

function checkMisc(nsExt: JsonObject, ns: ExtNamespace): string | undefined {
  const channel = nsExt.channel;
  if (channel !== undefined && channel !== null) {
    if (!isObject(channel) || typeof channel.name !== 'string' || channel.name === '') {
      return `ext.${ns}.channel.name can't be empty`;
    }
  }
  const stored = nsExt.storedrequest;
  if (isObject(stored) && stored.id !== undefined && typeof stored.id !== 'string') {
    return `ext.${ns}.storedrequest.id must be a string`;
  }
  const cache = nsExt.cache;
  if (cache !== undefined && cache !== null) {
    if (!isObject(cache) || (!isObject(cache.bids) && !isObject(cache.vastxml))) {
      return `request.ext is invalid: request.ext.${ns}.cache requires one of the "bids" or "vastxml" properties`;
    }
  }
  return undefined;
}

/** Validates request.ext.<ns>; returns the first problem (notes §7 order). */
export function validateRequestExt(nsExt: JsonObject | undefined, env: ExtEnv): string | undefined {
  if (!nsExt) return undefined;
  return (
    checkAliases(nsExt, env) ??
    checkAliasGvlIds(nsExt, env) ??
    checkAdjustmentFactors(nsExt, env) ??
    checkSchains(nsExt, env.ns) ??
    checkEidPermissions(nsExt, env) ??
    checkCurrency(nsExt, env.ns) ??
    checkMisc(nsExt, env.ns) ??
    checkTargeting(nsExt.targeting, env.ns)
  );
}
