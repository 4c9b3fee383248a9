// Reading endpoint fixture files: the generic auction format by raw top-level extraction (README §2.1,
// files need not be valid JSON) and the AMP format decoded whole with case-insensitive keys (§3).
import { decodeRaw, extractTopLevel } from '../shared/raw-json.js';
import type { MockBidderSpec } from './loopback.js';

/** The `config` block of README §2.2. */
export interface FixtureConfig {
  accountRequired?: boolean;
  /** The host default request, as a JSON text. */
  aliases?: string;
  blockedApps?: string[];
  disabledAdapters?: string[];
  currencyRates?: Record<string, Record<string, number>>;
  mockBidders?: MockBidderSpec[];
  realParamsValidator?: boolean;
  /** README-additions §6: replaces parts of a bidder's info (openrtb version, multi-format, capabilities). */
  bidderInfoOverrides?: Record<string, BidderInfoOverride>;
  /** README-additions §6: the host default account's `preferredmediatype`. */
  preferredmediatype?: Record<string, string>;
}

export interface BidderInfoOverride {
  openrtb?: { version?: string; 'multiformat-supported'?: boolean };
  /** Upstream YAML shape: `{site: {mediaTypes: [...]}, app: ..., dooh: ...}`. */
  capabilities?: Record<string, { mediaTypes?: string[] } | null>;
}

export interface AuctionFixture {
  config: FixtureConfig;
  /** Raw bytes posted (README §2.1). */
  body: string;
  expectedReturnCode: number;
  expectedBidResponse?: unknown;
  expectedErrorMessage?: string;
  expectedValidatedBidRequest?: unknown;
  expectedMockBidderRequests?: unknown;
}

export type Parsed<T> = { fixture: T } | { broken: string };

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Config keys are decoded case-insensitively (Go's encoding/json), onto the documented names. */
export function normaliseConfig(raw: unknown): FixtureConfig {
  if (!isObj(raw)) return {};
  const names = [
    'accountRequired',
    'aliases',
    'blockedApps',
    'disabledAdapters',
    'currencyRates',
    'mockBidders',
    'realParamsValidator',
    'bidderInfoOverrides',
    'preferredmediatype',
  ];
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const name = names.find((n) => n.toLowerCase() === k.toLowerCase());
    if (name) out[name] = v;
  }
  return out;
}

export function readAuctionFixture(text: string): Parsed<AuctionFixture> {
  const body = extractTopLevel(text, 'mockBidRequest');
  if (!body) return { broken: 'broken fixture: no mockBidRequest' };
  const code = decodeRaw(extractTopLevel(text, 'expectedReturnCode'));
  if (typeof code !== 'number') return { broken: 'broken fixture: no expectedReturnCode' };
  const rawResponse = extractTopLevel(text, 'expectedBidResponse');
  const rawError = extractTopLevel(text, 'expectedErrorMessage');
  if ((rawResponse === undefined) === (rawError === undefined))
    return { broken: 'broken fixture: needs exactly one of expectedBidResponse / expectedErrorMessage' };
  const rawConfig = extractTopLevel(text, 'config');
  const config = decodeRaw(rawConfig);
  if (rawConfig && config === undefined) return { broken: 'broken fixture: config is not valid JSON' };
  const fixture: AuctionFixture = {
    config: normaliseConfig(config),
    body: body.raw,
    expectedReturnCode: code,
  };
  if (rawResponse) fixture.expectedBidResponse = decodeRaw(rawResponse);
  if (rawError) {
    const message = decodeRaw(rawError);
    if (typeof message !== 'string')
      return { broken: 'broken fixture: expectedErrorMessage is not a string' };
    fixture.expectedErrorMessage = message;
  }
  const validated = extractTopLevel(text, 'expectedValidatedBidRequest');
  if (validated) fixture.expectedValidatedBidRequest = decodeRaw(validated);
  const bidderRequests = extractTopLevel(text, 'expectedMockBidderRequests');
  if (bidderRequests) fixture.expectedMockBidderRequests = decodeRaw(bidderRequests);
  return { fixture };
}

export interface AmpFixture {
  query: string;
  tagId: string;
  config: FixtureConfig;
  mockBidRequest: unknown;
  /** id → stored auction response text. */
  storedResponses: Record<string, string>;
  expectedReturnCode: number;
  expectedAmpResponse?: unknown;
  expectedErrorMessage?: string;
  expectedValidatedBidRequest?: unknown;
  expectedMockBidderRequests?: unknown;
}

export function readAmpFixture(text: string): Parsed<AmpFixture> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { broken: `broken fixture: ${(err as Error).message}` };
  }
  if (!isObj(doc)) return { broken: 'broken fixture: not an object' };
  const get = (name: string): unknown =>
    Object.entries(doc).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  const query = get('query');
  if (typeof query !== 'string') return { broken: 'broken fixture: no query' };
  const tagId = new URLSearchParams(query).get('tag_id');
  if (!tagId) return { broken: 'broken fixture: query has no tag_id' };
  const code = get('expectedReturnCode');
  if (typeof code !== 'number') return { broken: 'broken fixture: no expectedReturnCode' };
  const storedResponses: Record<string, string> = {};
  const stored = get('mockAmpStoredResponse');
  if (isObj(stored))
    for (const [id, v] of Object.entries(stored))
      storedResponses[id] = typeof v === 'string' ? v : JSON.stringify(v);
  const fixture: AmpFixture = {
    query,
    tagId,
    config: normaliseConfig(get('config')),
    mockBidRequest: get('mockBidRequest'),
    storedResponses,
    expectedReturnCode: code,
  };
  const message = get('expectedErrorMessage');
  if (typeof message === 'string') fixture.expectedErrorMessage = message;
  for (const k of [
    'expectedAmpResponse',
    'expectedValidatedBidRequest',
    'expectedMockBidderRequests',
  ] as const) {
    const v = get(k);
    if (v !== undefined) fixture[k] = v;
  }
  return { fixture };
}
