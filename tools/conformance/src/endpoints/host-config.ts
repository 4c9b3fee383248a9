// Turns one fixture's host setup (README §2.2–2.3, §3) into server config overrides, using the key
// paths of host-keys.ts. Features the schema lacks are reported: `missing` (the fixture cannot run as
// described) or `notes` (optional; mentioned when the fixture fails).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import type { BidderInfoOverride } from './fixture-file.js';
import type { Module } from '@gavel/server';
import { describeCandidates, resolveKey, schemaNodeAt, type HostFeature } from './host-keys.js';
import type { MockBidderSpec } from './loopback.js';

/** Everything a case needs from the host, in fixture terms. */
export interface HostSetup {
  accountRequired: boolean;
  /** Raw text of the host default request (`config.aliases`, or the broken one of §5). */
  defaultRequestText?: string;
  blockedApps: string[];
  disabledAdapters: string[];
  /** What the currency service serves as `conversions` (null when the fixture gives none). */
  currencyRates: unknown;
  /** The fixture needs server rates (it has `config.currencyRates`). */
  needsCurrency: boolean;
  mockBidders: MockBidderSpec[];
  realParamsValidator: boolean;
  /** Bidder info parts replaced before the auction (README-additions §6 `bidderInfoOverrides`). */
  bidderInfoOverrides: Record<string, BidderInfoOverride>;
  /** Host default account's preferred media type per bidder (README-additions §6). */
  preferredMediaType?: Record<string, string>;
  /** Raw texts by id, written in the stored-data files layout. */
  storedRequests: Record<string, string>;
  storedImps: Record<string, string>;
  storedResponses: Record<string, string>;
  accounts: Record<string, string>;
  hostGdpr: boolean;
  /** Restrict the known bidders (unit-test setups); undefined → every known bidder. */
  knownBidders?: string[];
  videoEnabled: boolean;
  /** README-additions §4.1: the host default account allows debug (hooks files). */
  accountDebugAllow?: boolean;
  /** README-additions §4–5: the `hooks` config section and the mock modules. */
  hooks?: { config: Record<string, unknown>; modules: Module[] };
}

export interface HostUrls {
  currencyUrl: string;
  cacheUrl: string;
  storedDir: string;
}

export interface HostConfig {
  overrides: Record<string, unknown>;
  /** Required features the schema has no key for: the fixture fails with these reasons. */
  missing: string[];
  /** Optional features the schema has no key for. */
  notes: string[];
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1] as string] = value;
}

export function buildHostConfig(schema: TSchema, setup: HostSetup, urls: HostUrls): HostConfig {
  const overrides: Record<string, unknown> = {};
  const missing: string[] = [];
  const notes: string[] = [];
  const set = (feature: HostFeature, value: unknown, required: boolean, why: string): boolean => {
    const path = resolveKey(schema, feature);
    if (path) {
      setPath(overrides, path, value);
      return true;
    }
    (required ? missing : notes).push(
      `server config has no key for ${why} (looked for ${describeCandidates(feature)})`,
    );
    return false;
  };

  set('namespace', 'prebid', true, 'the ext namespace');
  set('logLevel', 'silent', false, 'the log level');
  if (setup.accountRequired) set('accountRequired', true, true, 'account-required');
  if (setup.blockedApps.length > 0) set('blockedApps', setup.blockedApps, true, 'blocked apps');
  // Only fixtures with config.currencyRates get the rate service: for the others upstream serves
  // `conversions: null`, which changes nothing observable but would make /status wait on a rate load.
  if (setup.needsCurrency) set('currencyUrl', urls.currencyUrl, true, 'the currency-rate service URL');
  else set('currencyUrl', '', false, 'no currency-rate service (the default URL is the public file)');
  set('storedDir', urls.storedDir, false, 'the stored-data files directory');
  set('accountDebug', setup.accountDebugAllow ?? false, false, 'the default account debug permission');
  if (setup.hooks) set('hooks', setup.hooks.config, true, 'the module execution plan');
  // Upstream's permissions allow everything in both harnesses (README "Privacy"); with real TCF
  // enforcement the observable equivalent is GDPR enforcement off, whatever setup.hostGdpr says.
  set('hostGdpr', false, false, 'host GDPR');
  // Upstream Go's `ccpa.enforce` defaults to false and the harness leaves it so.
  set('hostCcpa', false, false, 'host CCPA enforcement');
  set('debugWarning', 'unless-debugging', false, 'warning 10002 as upstream Go');
  set('invalidBidders', 'reject', false, 'invalid bidders answered 400 (upstream Go)');
  set('vendorListFetch', false, false, 'vendor-list fetching');
  set('tmaxDefaultToBidders', false, false, 'no default tmax written into bidder requests');
  if (setup.preferredMediaType)
    set('preferredMediaType', setup.preferredMediaType, true, 'the default account preferred media type');
  set('serverInfoToBidders', false, false, 'server info to bidders');
  set('cacheHostPathAlways', 'always', false, 'hb_cache_host on every targeted bid (upstream Go)');
  if (setup.videoEnabled) set('videoEnabled', true, false, 'enabling the video endpoint');
  setCache(schema, urls.cacheUrl, set);
  if (setup.defaultRequestText !== undefined)
    setDefaultRequest(schema, setup.defaultRequestText, urls.storedDir, { overrides, missing });
  for (const code of setup.disabledAdapters) {
    const path = resolveKey(schema, 'bidderEnabled');
    if (path)
      setPath(
        overrides,
        path.map((p) => (p === '*' ? code : p)),
        false,
      );
    // else: the harness's mock module for `code` is registered disabled (see harness.ts).
  }
  return { overrides, missing, notes };
}

function setCache(
  schema: TSchema,
  stubUrl: string,
  set: (f: HostFeature, v: unknown, required: boolean, why: string) => boolean,
): void {
  const stub = new URL(stubUrl);
  if (resolveKey(schema, 'cacheUrl')) set('cacheUrl', stubUrl, false, 'the cache URL');
  else if (resolveKey(schema, 'cacheHost')) {
    set('cacheScheme', 'http', false, 'the cache scheme');
    set('cacheHost', stub.host, false, 'the cache host');
    set('cachePath', '/cache', false, 'the cache path');
  } else set('cacheUrl', stubUrl, false, 'the cache service URL');
  if (resolveKey(schema, 'cachePublicUrl'))
    set('cachePublicUrl', 'https://www.pbcserver.com/pbcache/endpoint', false, 'the public cache URL');
  else {
    set('cachePublicHost', 'www.pbcserver.com', false, 'the public cache host');
    set('cachePublicPath', '/pbcache/endpoint', false, 'the public cache path');
  }
}

/** A string key whose description speaks of a file takes a path; other strings the text; objects the document. */
function setDefaultRequest(
  schema: TSchema,
  text: string,
  dir: string,
  out: { overrides: Record<string, unknown>; missing: string[] },
): void {
  const path = resolveKey(schema, 'defaultRequest');
  if (!path) {
    out.missing.push(
      `server config has no key for the host default request (looked for ${describeCandidates('defaultRequest')})`,
    );
    return;
  }
  const node = schemaNodeAt(schema, path) ?? {};
  const description = typeof node['description'] === 'string' ? node['description'] : '';
  if (node['type'] === 'string' && /file|path/i.test(description + path.join('.'))) {
    const file = join(dir, 'default-request.json');
    writeFileSync(file, text);
    setPath(out.overrides, path, file);
  } else if (node['type'] === 'string') {
    setPath(out.overrides, path, text);
  } else {
    try {
      setPath(out.overrides, path, JSON.parse(text) as unknown);
    } catch {
      out.missing.push(
        `${path.join('.')} takes a decoded object, so a broken default request cannot be configured`,
      );
    }
  }
}
