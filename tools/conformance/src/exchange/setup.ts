// Host, account and services of the exchange harness (exchange README §3), built per fixture.
import {
  createAuctionContext,
  createBidderRegistry,
  createCcpaEnforcer,
  createCoppaEnforcer,
  createLmtEnforcer,
  DEFAULT_PRIVACY_SETTINGS,
  encodeUidsCookie,
  genericOrtbAdapter,
  maskIp,
  roundGeo,
  scrubIds,
  type Account,
  type AuctionContext,
  type BidderModule,
  type CacheClient,
  type PipelineServices,
  type PrivacyEnforcer,
  registryVastPolicy,
  prepareMultibid,
  DEFAULT_ACCOUNT_FLOORS,
  parseAccountDsa,
  parseActivitySettings,
  createFileCategoryFetcher,
  parseAccountValidations,
  type BidIdGenerator,
} from '@gavel/server';
import type { ExchangeSpec } from './spec.js';
import { mockBidderLayer, type MockCall } from './mock-layer.js';

type Obj = Record<string, unknown>;
const NS = 'prebid';
const ALL_MEDIA = ['banner', 'video', 'audio', 'native'] as const;

/** Request aliases of `ext.prebid.aliases` (name → core code). */
export function requestAliases(request: Obj): Record<string, string> {
  const nsExt = (request['ext'] as Obj | undefined)?.[NS] as Obj | undefined;
  const aliases = nsExt?.['aliases'];
  return aliases && typeof aliases === 'object' ? (aliases as Record<string, string>) : {};
}

/** Every core bidder of the fixture: enabled, every media type, "empty" info but the overrides. */
function harnessBidders(spec: ExchangeSpec): BidderModule[] {
  const aliases = requestAliases(spec.request);
  const codes = new Set<string>();
  for (const name of Object.keys(spec.outgoing)) codes.add(aliases[name] ?? name);
  for (const target of Object.values(aliases)) codes.add(target);
  // Every core bidder of upstream is known (README §3): those the imps name count too.
  for (const imp of (spec.request['imp'] as Obj[] | undefined) ?? []) {
    const bidders = ((imp['ext'] as Obj | undefined)?.[NS] as Obj | undefined)?.['bidder'];
    if (bidders && typeof bidders === 'object')
      for (const name of Object.keys(bidders)) if (!aliases[name]) codes.add(name);
  }
  return [...codes].map((code) => {
    const version = spec.ortbVersion[code];
    const own = spec.outgoing[code]?.modifyingVastXmlAllowed;
    return {
      code,
      info: {
        endpoint: '',
        enabled: true,
        capabilities: { site: [...ALL_MEDIA], app: [...ALL_MEDIA], dooh: [...ALL_MEDIA] },
        ...(version === '2.6' ? { openrtbVersion: '2.6' as const } : {}),
        ...(own ? { modifyingVastXmlAllowed: true } : {}),
        // Upstream's harness gives every bidder the same (unchecked) params; GPP is read by the core.
        gppSupported: true,
      },
      paramsSchema: { type: 'object' },
    };
  });
}

/** gdpr_enforced: the permission stub that allows the request but denies geo and ids (§3). */
/**
 * README §3 lists what the stub removes: device ids, user id/buyeruid/yob/gender and `user.ext.eids`
 * (a 2.6 `user.eids` stays, as upstream's scrubber leaves it); Gavel's own GDPR scrub removes both.
 */
const gdprStub: PrivacyEnforcer = {
  name: 'gdpr-stub',
  apply: (request) => {
    const eids = request.user?.eids;
    let scrubbed = maskIp(roundGeo(scrubIds(request)), 0, 0);
    if (Array.isArray(eids) && scrubbed.user) scrubbed = { ...scrubbed, user: { ...scrubbed.user, eids } };
    return { allowed: true, request: scrubbed };
  },
};

function privacyEnforcers(spec: ExchangeSpec): PrivacyEnforcer[] {
  const settings = {
    ...DEFAULT_PRIVACY_SETTINGS,
    ccpaEnforce: spec.enforceCcpa,
    lmtEnforce: spec.enforceLmt,
  };
  const out: PrivacyEnforcer[] = [];
  if (spec.gdprEnforced) out.push(gdprStub);
  if (spec.enforceCcpa) out.push(createCcpaEnforcer(settings));
  out.push(createCoppaEnforcer(settings));
  if (spec.enforceLmt) out.push(createLmtEnforcer(settings));
  return out;
}

/** Prebid Cache stub: the n-th item of each put batch gets id "n"; it never fails. */
const cacheStub: CacheClient = {
  endpoint: 'https://www.pbcserver.com/pbcache/endpoint',
  publicHost: 'www.pbcserver.com',
  publicPath: '/pbcache/endpoint',
  publicUrl: (id) => `https://www.pbcserver.com/pbcache/endpoint?uuid=${id}`,
  put: (puts) => Promise.resolve({ ok: true, ids: puts.map((_, i) => String(i)) }),
  close: () => Promise.resolve(),
};

/** README §3 "bid-id generator": the n-th bid of a seat gets `bid-<seat>-<n>`; `returnError` fails. */
function harnessBidIds(spec: ExchangeSpec): BidIdGenerator {
  const counters = new Map<string, number>();
  const { generateBidID, returnError } = spec.bidIdGenerator;
  return {
    enabled: generateBidID,
    next: (seat) => {
      if (returnError) return { ok: false, error: 'harness generator failure' };
      const n = (counters.get(seat) ?? 0) + 1;
      counters.set(seat, n);
      return { ok: true, id: `bid-${seat}-${n}` };
    },
  };
}

function mode(v: string | undefined): 'skip' | 'warn' | 'enforce' {
  return v === 'warn' || v === 'enforce' ? v : 'skip';
}

/** Account validations and the account's default DSA (README §3, §4 step 2). */
function accountChecks(spec: ExchangeSpec): Partial<Account> {
  const out: Partial<Account> = {};
  const validations = parseAccountValidations(spec.accountValidations).value;
  if (validations.bannerCreativeMaxSize)
    out.validations = { bannerCreativeMaxSize: validations.bannerCreativeMaxSize };
  const dsa = parseAccountDsa(spec.accountPrivacy?.['dsa']).value;
  if (dsa) out.dsa = dsa;
  if (spec.accountPrivacy) {
    out.privacy = spec.accountPrivacy;
    const activities = parseActivitySettings(spec.accountPrivacy).value;
    if (activities.allowActivities || activities.modules) out.activities = activities;
  }
  return out;
}

/** What every fixture's host has (README §3): no HTTP, no deadline, the cache stub, fixed clock. */
function hostBasics(registry: PipelineServices['registry'], fixedNow: number) {
  return {
    ns: NS as PipelineServices['ns'],
    clock: { now: () => fixedNow, monotonic: () => 0 },
    registry,
    transport: {
      send: () => Promise.reject(new Error('the exchange harness makes no HTTP calls')),
      close: () => Promise.resolve(),
    },
    deadline: { defaultMs: 0, maxMs: 0, marginMs: 0 },
    access: { blockedApps: [], blockedAccounts: [], accountRequired: false },
    defaultRequest: { ok: true as const, value: undefined },
    adapterContext: {
      server: { externalUrl: 'http://localhost', gvlId: 0, dataCenter: '' },
      convertCurrency: (): number => {
        throw new Error('no rates');
      },
      version: 'exchange-harness',
    },
    money: {
      cacheClient: cacheStub,
      defaultTtl: {},
      cacheHost: 'www.pbcserver.com',
      cachePath: '/pbcache/endpoint',
      cacheKeysAlways: true,
    },
  };
}

/** The file's host switches: floors, validations, server info, schain node. */
function hostSwitches(spec: ExchangeSpec): Partial<PipelineServices> {
  const out: Partial<PipelineServices> = {
    floors: { hostEnabled: spec.floorsEnabled, random: () => 0 },
    bidValidation: {
      bannerCreativeMaxSize: mode(spec.hostValidations.banner_creative_max_size),
      secureMarkup: mode(spec.hostValidations.secure_markup),
      maxCreativeWidth: spec.hostValidations.max_creative_width ?? 0,
      maxCreativeHeight: spec.hostValidations.max_creative_height ?? 0,
    },
  };
  if (spec.server) {
    out.serverInfo = {
      externalurl: spec.server.externalURL ?? '',
      gvlid: spec.server.gvlID ?? 0,
      datacenter: spec.server.dataCenter ?? '',
    };
  }
  if (spec.hostSchainFlag)
    out.hostSchainNode = { asi: 'pbshostcompany.com', sid: '00001', rid: 'BidRequest', hp: 1 };
  return out;
}

export function harnessServices(
  spec: ExchangeSpec,
  calls: MockCall[],
  categoryDir: string,
): PipelineServices {
  const registry = createBidderRegistry({
    builtIns: [],
    extra: harnessBidders(spec),
    genericAdapter: genericOrtbAdapter,
  });
  return {
    ...hostBasics(registry, spec.startTimeMs),
    ...hostSwitches(spec),
    privacy: { settings: DEFAULT_PRIVACY_SETTINGS, enforcers: privacyEnforcers(spec) },
    bidderLayer: mockBidderLayer(spec.outgoing, calls),
    // README §3: the file fetcher over harness-data; which duplicate survives is random upstream.
    categories: { fetcher: createFileCategoryFetcher({ dir: categoryDir }), random: () => true },
    events: {
      externalUrl: 'http://localhost',
      bidIds: harnessBidIds(spec),
      vastPolicy: registryVastPolicy(registry),
    },
  };
}

export function harnessAccount(spec: ExchangeSpec): Account {
  return {
    id: 'testaccount',
    disabled: false,
    debugAllowed: true,
    cacheTtl: {},
    eventsEnabled: spec.eventsEnabled,
    // README §3: Go zero values except the file's switches (enforce rate 0 = always enforce).
    priceFloors: {
      ...DEFAULT_ACCOUNT_FLOORS,
      enabled: spec.accountFloorsEnabled,
      enforceDealFloors: spec.accountEnforceDealFloors,
      enforceFloorsRate: 0,
      adjustForBidAdjustment: false,
      maxRules: 0,
      maxSchemaDims: 0,
    },
    ...accountChecks(spec),
    ...((spec.multiBid?.default_bid_limit ?? 0) > 0
      ? { defaultBidLimit: spec.multiBid?.default_bid_limit }
      : {}),
  };
}

function endpointOf(requestType: string): AuctionContext['endpoint'] {
  if (requestType === 'amp') return 'amp';
  if (requestType === 'video') return 'video';
  return 'auction';
}

export function harnessContext(spec: ExchangeSpec): AuctionContext {
  const uids = new Map(
    Object.entries(spec.usersyncs).map(([k, uid]) => [k, { uid, expiresMs: 4102444800000 }]),
  );
  const cookies: Record<string, string> = uids.size
    ? { uids: encodeUidsCookie({ uids, optout: false }) }
    : {};
  // README §4 step 3: with `multiBid`, the endpoint's multibid validation runs first.
  let request = spec.request as unknown as AuctionContext['request'];
  const warnings: { code: number; message: string }[] = [];
  if (spec.multiBid) {
    const prepared = prepareMultibid(request, NS);
    request = prepared.request;
    warnings.push(...prepared.warnings);
  }
  return createAuctionContext({
    ns: NS,
    endpoint: endpointOf(spec.requestType),
    request,
    account: harnessAccount(spec),
    http: { cookies, headers: {} },
    startedAt: spec.startTimeMs,
    bidderDeadline: Number.MAX_SAFE_INTEGER,
    warnings,
    warnUnlessDebugging: true,
  });
}
