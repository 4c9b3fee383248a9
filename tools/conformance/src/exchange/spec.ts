// One exchange fixture as the upstream harness reads it (exchange README §2): top-level keys matched
// case-insensitively, unknown keys ignored, defaults as Go zero values.
type Obj = Record<string, unknown>;

export interface MockSeatBid {
  seat?: string;
  currency?: string;
  pbsBids?: { ortbBid: Obj; bidType?: string; bidVideo?: Obj; bidMeta?: Obj }[];
  fledgeAuctionConfigs?: { impid: string; bidder?: string; config: unknown }[];
}

export interface BidderSpec {
  expectRequest?: { ortbRequest: Obj; bidAdjustments?: Record<string, number> } | null;
  mockResponse?: { pbsSeatBids?: MockSeatBid[]; errors?: string[]; httpCalls?: Obj[] };
  modifyingVastXmlAllowed?: boolean;
}

export interface Validations {
  banner_creative_max_size?: string;
  secure_markup?: string;
  max_creative_width?: number;
  max_creative_height?: number;
}

export interface ExchangeSpec {
  request: Obj;
  usersyncs: Record<string, string>;
  outgoing: Record<string, BidderSpec>;
  response?: { bids?: Obj; error?: string; ext?: Obj };
  assumeGdprApplies: boolean;
  gdprEnforced: boolean;
  enforceCcpa: boolean;
  enforceLmt: boolean;
  floorsEnabled: boolean;
  accountFloorsEnabled: boolean;
  accountEnforceDealFloors: boolean;
  eventsEnabled: boolean;
  startTimeMs: number;
  bidIdGenerator: { generateBidID: boolean; returnError: boolean };
  requestType: string;
  passthroughFlag: boolean;
  hostSchainFlag: boolean;
  hostValidations: Validations;
  accountValidations: Validations;
  fledgeEnabled: boolean;
  multiBid?: { default_bid_limit?: number; assert_multi_bid_warnings?: boolean };
  server?: { externalURL?: string; gvlID?: number; dataCenter?: string };
  accountPrivacy?: Obj;
  ortbVersion: Record<string, string>;
  debugLog?: Obj;
}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Go encoding/json: the first key matching case-insensitively. */
function pick(doc: Obj, key: string): unknown {
  if (key in doc) return doc[key];
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(doc)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

const bool = (v: unknown): boolean => v === true;
const obj = <T>(v: unknown): T | undefined => (isObj(v) ? (v as T) : undefined);

export function parseSpec(doc: unknown): ExchangeSpec {
  if (!isObj(doc)) throw new Error('fixture is not a JSON object');
  const incoming = obj<Obj>(pick(doc, 'incomingRequest')) ?? {};
  const request = obj<Obj>(pick(incoming, 'ortbRequest'));
  if (!request) throw new Error('incomingRequest.ortbRequest missing');
  const gen = obj<Obj>(pick(doc, 'bidIDGenerator')) ?? {};
  return {
    request,
    usersyncs: obj<Record<string, string>>(pick(incoming, 'usersyncs')) ?? {},
    outgoing: obj<Record<string, BidderSpec>>(pick(doc, 'outgoingRequests')) ?? {},
    ...(isObj(pick(doc, 'response')) ? { response: pick(doc, 'response') as ExchangeSpec['response'] } : {}),
    assumeGdprApplies: bool(pick(doc, 'assume_gdpr_applies')),
    gdprEnforced: bool(pick(doc, 'gdpr_enforced')),
    enforceCcpa: bool(pick(doc, 'enforceCcpa')),
    enforceLmt: bool(pick(doc, 'enforceLmt')),
    floorsEnabled: bool(pick(doc, 'floors_enabled')),
    accountFloorsEnabled: bool(pick(doc, 'account_floors_enabled')),
    accountEnforceDealFloors: bool(pick(doc, 'account_enforce_deal_floors')),
    eventsEnabled: bool(pick(doc, 'events_enabled')),
    startTimeMs: Number(pick(doc, 'start_time_ms') ?? 0),
    bidIdGenerator: {
      generateBidID: bool(pick(gen, 'generateBidID')),
      returnError: bool(pick(gen, 'returnError')),
    },
    requestType: typeof pick(doc, 'requestType') === 'string' ? (pick(doc, 'requestType') as string) : '',
    passthroughFlag: bool(pick(doc, 'passthrough_flag')),
    hostSchainFlag: bool(pick(doc, 'host_schain_flag')),
    hostValidations: obj<Validations>(pick(doc, 'host_bid_validations')) ?? {},
    accountValidations: obj<Validations>(pick(doc, 'account_bid_validations')) ?? {},
    fledgeEnabled: bool(pick(doc, 'fledge_enabled')),
    ...(isObj(pick(doc, 'multiBid')) ? { multiBid: pick(doc, 'multiBid') as ExchangeSpec['multiBid'] } : {}),
    ...(isObj(pick(doc, 'server')) ? { server: pick(doc, 'server') as ExchangeSpec['server'] } : {}),
    ...(isObj(pick(doc, 'accountPrivacy')) ? { accountPrivacy: pick(doc, 'accountPrivacy') as Obj } : {}),
    ortbVersion: obj<Record<string, string>>(pick(doc, 'ortbversion')) ?? {},
    ...(isObj(pick(doc, 'debugLog')) ? { debugLog: pick(doc, 'debugLog') as Obj } : {}),
  };
}
