// Replays one adapter fixture (upstream JSON format, README "How one fixture is run" steps 1–10)
// against an Adapter; shared by the project's own adapter tests and the conformance `adapters` family.
// Pure: the caller reads the file and builds the adapter; the result says pass or why not.
import type { BidRequest } from '../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, OutgoingRequest, ServerInfo, TypedBid } from './types.js';
import { normalizeOrtb } from './helpers/ortb-normalize.js';
import { mediaTypeOfMtype, mediaTypesOfImp } from './helpers/media-type.js';
import { createFixtureCurrency } from './fixture-currency.js';
import {
  jsonDiff,
  deepFreeze,
  pick,
  pickArray,
  pickString,
  canonicalHeaders,
  type Json,
} from './fixture-json.js';
import { withProps } from '@gavel/common';

export interface FixtureSetup {
  adapter: Adapter;
  bidder: string;
  /** Endpoint string the upstream test builds the adapter with. */
  endpoint: string;
  extraInfo?: unknown;
  server?: ServerInfo;
  /** Fixed clock (epoch ms) handed to the adapter as `ctx.now`. */
  now?: number;
  /** Upstream test mode handed to the adapter as `ctx.testing` (bidder-test-setup "'testing' flag"). */
  testing?: boolean;
  /** Pinned generator values handed to the adapter as `ctx.fixedValues` (upstream fixed generators). */
  fixedValues?: Readonly<Record<string, string>>;
  /** Entry point handed to the adapter as `ctx.entryPoint` (upstream amp/video test folders). */
  entryPoint?: AdapterContext['entryPoint'];
  /** `exemplary` fixtures must not expect errors. */
  folder?: string;
}

export interface FixtureOutcome {
  passed: boolean;
  reason?: string;
}

class Mismatch extends Error {}

const fail = (message: string): never => {
  throw new Mismatch(message);
};

function compareErrors(kind: string, expected: unknown[], actual: BidderError[]): void {
  if (expected.length !== actual.length) {
    const got = actual.map((e) => JSON.stringify(e.message)).join(', ');
    fail(`${kind}: expected ${expected.length} errors, got ${actual.length} [${got}]`);
  }
  expected.forEach((raw, i) => {
    const value = pickString(raw, 'value');
    const comparison = pickString(raw, 'comparison') || 'literal';
    const message = actual[i]?.message ?? '';
    const ok =
      comparison === 'regex'
        ? toRegExp(value).test(message)
        : comparison === 'startswith'
          ? message.startsWith(value)
          : message === value;
    if (!ok)
      fail(`${kind}[${i}]: expected ${comparison} ${JSON.stringify(value)}, got ${JSON.stringify(message)}`);
  });
}

/** RE2 syntax is a subset of JS RegExp except leading inline flags such as `(?i)` / `(?s)`. */
function toRegExp(pattern: string): RegExp {
  const flags = /^\(\?([ims]+)\)/.exec(pattern);
  return flags ? new RegExp(pattern.slice(flags[0].length), flags[1]) : new RegExp(pattern);
}

function parseBody(body: string | undefined): unknown {
  if (body === undefined || body === '') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * Whether two URIs differ only in spacing around JSON punctuation inside (query-escaped) values:
 * upstream passes raw JSON members of its fixtures through byte for byte, spacing included, which no
 * parsed request can reproduce.
 */
function sameUpToJsonSpacing(a: string, b: string): boolean {
  const squeeze = (uri: string): string => {
    try {
      return decodeURIComponent(uri.replace(/\+/g, ' ')).replace(/\s*([{}[\]:,])\s*/g, '$1');
    } catch {
      return uri;
    }
  };
  return squeeze(a) === squeeze(b);
}

/** Why `actual` does not satisfy `expected` (README step 5), or undefined when it does. */
function requestMismatch(expected: unknown, actual: OutgoingRequest): string | undefined {
  const uri = pick(expected, 'uri') ?? '';
  if (uri !== actual.uri && !(typeof uri === 'string' && sameUpToJsonSpacing(uri, actual.uri))) {
    return `uri: expected ${JSON.stringify(uri)}, got ${JSON.stringify(actual.uri)}`;
  }
  const headers = pick(expected, 'headers');
  if (headers !== undefined && headers !== null) {
    // Both sides canonical: upstream fixtures may spell a name non-canonically (X-OpenRTB-Version).
    const want =
      typeof headers === 'object' ? canonicalHeaders(headers as Record<string, string[]>) : headers;
    const diff = jsonDiff(want, canonicalHeaders(actual.headers ?? {}), '$headers');
    if (diff) return diff;
  }
  const impIds = pickArray(expected, 'impIDs').map(String).sort();
  const actualIds = [...actual.impIds].sort();
  if (impIds.join('\u0000') !== actualIds.join('\u0000'))
    return `impIDs: expected ${JSON.stringify(impIds)}, got ${JSON.stringify(actualIds)}`;
  const body = pick(expected, 'body');
  const actualBody = parseBody(actual.body);
  const bothEmpty = (body === undefined || body === null) && actualBody === undefined;
  return bothEmpty ? undefined : jsonDiff(body, actualBody, '$body');
}

function matchRequests(calls: unknown[], actual: OutgoingRequest[]): void {
  if (calls.length !== actual.length) fail(`expected ${calls.length} requests, got ${actual.length}`);
  const taken = new Set<number>();
  calls.forEach((call, i) => {
    const expected = pick(call, 'expectedRequest');
    const ids = pickArray(expected, 'impIDs');
    if (ids.length === 0) fail(`httpCalls[${i}]: fixture has no impIDs (invalid fixture)`);
    const reasons: string[] = [];
    const index = actual.findIndex((a) => {
      const why = requestMismatch(expected, a);
      if (why) reasons.push(why);
      return why === undefined;
    });
    if (index < 0) fail(`httpCalls[${i}] matches no request:\n${reasons.join('\n')}`);
    taken.add(index);
  });
  if (taken.size !== actual.length) fail('some produced requests were not matched by any expected call');
}

function compareResponses(expected: unknown[], actual: Json[]): void {
  if (expected.length !== actual.length)
    fail(`expected ${expected.length} bid responses, got ${actual.length}`);
  expected.forEach((exp, i) => {
    const diff = jsonDiff(toComparable(exp, actual[i]), actual[i], `$responses[${i}]`);
    if (diff) fail(diff);
  });
}

/** The parts of an expected bid response that README step 9 compares, in the actual's shape. */
function toComparable(expected: unknown, actual: Json | undefined): Json {
  const currency = pick(expected, 'currency');
  const fledge = pick(expected, 'fledgeAuctionConfigs');
  return {
    currency: typeof currency === 'string' && currency !== '' ? currency : actual?.currency,
    fledge: fledge ?? undefined,
    bids: pickArray(expected, 'bids').map((b, j) => {
      const actualBid = (actual?.bids as Json[] | undefined)?.[j];
      const video = pick(b, 'video');
      return {
        bid: pick(b, 'bid'),
        type: pick(b, 'type') ?? '',
        seat: pick(b, 'seat') ?? '',
        video: video === undefined || video === null ? actualBid?.video : video,
      };
    }),
  };
}

/** What the core infers when an adapter leaves the type out: `bid.mtype`, else a single-format imp. */
function inferType(typed: TypedBid, request: Readonly<BidRequest>): string {
  const imp = request.imp.find((i) => i.id === typed.bid.impid);
  const offered = imp ? mediaTypesOfImp(imp) : [];
  return mediaTypeOfMtype(typed.bid.mtype) ?? (offered.length === 1 ? offered[0] : undefined) ?? '';
}

/** The context the adapter sees (README step 3): the setup's values, the fixture's currency rates. */
function fixtureContext(setup: FixtureSetup, request: Readonly<BidRequest>): AdapterContext {
  return {
    bidder: setup.bidder,
    endpoint: setup.endpoint,
    extraInfo: setup.extraInfo,
    server: setup.server ?? { externalUrl: 'http://hosturl.com', gvlId: 1, dataCenter: '2' },
    convertCurrency: createFixtureCurrency(request),
    version: '',
    ...(setup.now !== undefined ? { now: () => setup.now as number } : {}),
    ...(setup.testing ? { testing: true } : {}),
    ...(setup.fixedValues ? { fixedValues: setup.fixedValues } : {}),
    ...(setup.entryPoint ? { entryPoint: setup.entryPoint } : {}),
  };
}

/** Each call's mock response through makeBids: the errors, and the responses in the compared shape. */
function replayResponses(
  setup: FixtureSetup,
  request: Readonly<BidRequest>,
  ctx: AdapterContext,
  calls: unknown[],
): { errors: BidderError[]; responses: Json[] } {
  const errors: BidderError[] = [];
  const responses: Json[] = [];
  for (const call of calls) {
    const expected = pick(call, 'expectedRequest');
    const mock = pick(call, 'mockResponse');
    const body = pick(expected, 'body');
    const mockBody = pick(mock, 'body');
    const result = setup.adapter.makeBids(
      request,
      {
        request: {
          method: 'POST',
          uri: pickString(expected, 'uri'),
          body: body === undefined ? undefined : JSON.stringify(body),
          impIds: [],
        },
        response: {
          status: Number(pick(mock, 'status') ?? 0),
          headers: (pick(mock, 'headers') ?? {}) as Record<string, string[]>,
          body: mockBody === undefined ? '' : JSON.stringify(mockBody),
        },
      },
      ctx,
    );
    errors.push(...result.errors);
    if (result.value === null) continue;
    responses.push({
      currency: result.value.currency ?? 'USD',
      fledge: result.value.fledgeAuctionConfigs ?? undefined,
      bids: result.value.bids.map((b) => ({
        bid: normalizeOrtb(b.bid, 'Bid'),
        type: b.type ?? inferType(b, request),
        seat: b.seat ?? '',
        video: b.video && { duration: b.video.duration, primary_category: b.video.primary_category },
      })),
    });
  }
  return { errors, responses };
}

function runSteps(fixture: unknown, setup: FixtureSetup): void {
  const decoded = normalizeOrtb<BidRequest>(pick(fixture, 'mockBidRequest') ?? {}, 'BidRequest');
  // The adapter contract promises an imp array (upstream: a nil slice, which adapters see as empty).
  const request = deepFreeze(Array.isArray(decoded.imp) ? decoded : withProps(decoded, { imp: [] }));
  const before = JSON.stringify(request);
  const requestErrors = pickArray(fixture, 'expectedMakeRequestsErrors');
  const bidsErrors = pickArray(fixture, 'expectedMakeBidsErrors');
  if (setup.folder === 'exemplary' && requestErrors.length + bidsErrors.length > 0)
    fail('exemplary fixtures must not expect errors');
  const ctx = fixtureContext(setup, request);
  const made = setup.adapter.makeRequests(request, ctx);
  compareErrors('makeRequests errors', requestErrors, made.errors);
  const calls = pickArray(fixture, 'httpCalls');
  matchRequests(calls, made.value);
  if (JSON.stringify(request) !== before) fail('makeRequests modified its input request');

  const { errors, responses } = replayResponses(setup, request, ctx, calls);
  compareErrors('makeBids errors', bidsErrors, errors);
  compareResponses(pickArray(fixture, 'expectedBidResponses'), responses);
}

/** Runs one parsed fixture file; never throws. */
export function runAdapterFixture(fixture: unknown, setup: FixtureSetup): FixtureOutcome {
  try {
    runSteps(fixture, setup);
    return { passed: true };
  } catch (err) {
    if (err instanceof Mismatch) return { passed: false, reason: err.message };
    return { passed: false, reason: `adapter threw: ${(err as Error).stack ?? String(err)}` };
  }
}
