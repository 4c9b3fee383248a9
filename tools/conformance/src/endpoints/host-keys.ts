// Where the endpoint harness's host settings live in the server's config schema. Other engineers add
// these keys while this runner is written, so each feature lists candidate key paths; the first one
// the schema knows wins, and a fixture needing an absent feature fails naming what it looked for.
import type { TSchema } from '@sinclair/typebox';

type Node = Record<string, unknown>;

/** The schema node at `path` (`*` steps into a map's value schema), or undefined. */
export function schemaNodeAt(schema: TSchema, path: readonly string[]): Node | undefined {
  let node: Node | undefined = schema;
  for (const key of path) {
    if (!node) return undefined;
    const props = node['properties'] as Record<string, Node> | undefined;
    if (props && key !== '*' && props[key]) {
      node = props[key];
      continue;
    }
    const pattern = node['patternProperties'] as Record<string, Node> | undefined;
    const additional = node['additionalProperties'];
    if (pattern && Object.values(pattern)[0]) node = Object.values(pattern)[0];
    else if (typeof additional === 'object' && additional !== null) node = additional as Node;
    else return undefined;
  }
  return node;
}

/** Candidate key paths per harness feature, in preference order. */
export const HOST_KEYS = {
  namespace: [['ext-namespace']],
  logLevel: [['log', 'level']],
  accountRequired: [['auction', 'account-required'], ['accounts', 'required'], ['account-required']],
  blockedApps: [['auction', 'blocked-apps'], ['blocked-apps']],
  /** Host default request: a file path or the document itself (see host-config.ts). */
  defaultRequest: [
    ['auction', 'default-request'],
    ['auction', 'default-request-file'],
    ['settings', 'default-request'],
    ['default-request'],
  ],
  /** URL of the currency-rate service. */
  currencyUrl: [
    ['currency', 'rates-url'],
    ['currency', 'url'],
    ['currency', 'fetch-url'],
    ['currency', 'source-url'],
  ],
  /** Base URL (or scheme+host+path) the cache client posts to, and the public host/path in targeting. */
  cacheUrl: [
    ['cache', 'url'],
    ['cache', 'endpoint'],
    ['cache', 'internal-url'],
  ],
  cacheScheme: [['cache', 'scheme']],
  cacheHost: [['cache', 'host']],
  cachePath: [['cache', 'path']],
  cachePublicHost: [
    ['cache', 'public-host'],
    ['cache', 'external-host'],
  ],
  cachePublicPath: [
    ['cache', 'public-path'],
    ['cache', 'external-path'],
  ],
  cachePublicUrl: [
    ['cache', 'public-url'],
    ['cache', 'external-url'],
  ],
  /** Files backend of the stored-data module (notes §16 layout under one directory). */
  storedDir: [
    ['settings', 'filesystem', 'directory'],
    ['settings', 'filesystem', 'dir'],
    ['settings', 'files', 'directory'],
    ['settings', 'files', 'dir'],
    ['settings', 'directory'],
    ['settings', 'files-dir'],
    ['settings', 'filesystem-dir'],
  ],
  /** Host default account's debug permission (the harness's default account disallows debug). */
  accountDebug: [
    ['accounts', 'default', 'debug-allow'],
    ['account-defaults', 'debug-allow'],
    ['settings', 'default-account', 'debug-allow'],
    ['auction', 'account-defaults', 'debug-allow'],
    ['auction', 'debug-allow'],
  ],
  /** Upstream's endpoint harness runs with an empty server block: no ext.prebid.server to bidders. */
  serverInfoToBidders: [['server-info-to-bidders']],
  /** Upstream Go writes hb_cache_host/path on every targeted bid. */
  cacheHostPathAlways: [['cache', 'targeting-host-path']],
  hostGdpr: [
    ['gdpr', 'enabled'],
    ['privacy', 'gdpr', 'enabled'],
  ],
  hostCcpa: [
    ['ccpa', 'enforce'],
    ['privacy', 'ccpa', 'enforce'],
  ],
  /** Upstream Go's `tmax_default` is 0: a request without tmax reaches bidders without one. */
  tmaxDefaultToBidders: [['auction', 'tmax-default-to-bidders']],
  /** Upstream's harness permissions allow everything; no vendor lists are fetched. */
  vendorListFetch: [['privacy', 'gdpr', 'vendorlist', 'enabled']],
  preferredMediaType: [
    ['settings', 'default-account', 'preferred-media-type'],
    ['account-defaults', 'preferredmediatype'],
  ],
  videoEnabled: [
    ['video', 'enabled'],
    ['video', 'enable-deprecated-endpoint'],
  ],
  /** Upstream Go warns 10002 on every response that does not debug, whatever the account allows. */
  debugWarning: [['auction', 'debug-disabled-warning']],
  /** Upstream Go answers an unknown bidder or invalid bidder params with 400. */
  invalidBidders: [['auction', 'invalid-bidders']],
  /** The module framework's section (hooks.enabled, hooks.host-execution-plan, ...). */
  hooks: [['hooks']],
  /** Per-bidder host switch; `*` is the bidder code. */
  bidderEnabled: [['bidders', '*', 'enabled']],
} as const satisfies Record<string, ReadonlyArray<readonly string[]>>;

export type HostFeature = keyof typeof HOST_KEYS;

/** The first candidate path of `feature` the schema knows, or undefined. */
export function resolveKey(schema: TSchema, feature: HostFeature): readonly string[] | undefined {
  return HOST_KEYS[feature].find((p) => schemaNodeAt(schema, p) !== undefined);
}

export function describeCandidates(feature: HostFeature): string {
  return HOST_KEYS[feature].map((p) => p.join('.')).join(' | ');
}
