// Runs one bidder's adapter end to end (issue 4 "Bidder framework"): makeRequests → HTTP calls in
// parallel under the deadline → makeBids, doing what every adapter would repeat: 204 → no bids,
// non-2xx → code 3, timeout → code 1, media type inference, debug capture and timing.
import type { Clock } from '@gavel/common';
import type { BidRequest, Imp } from '../openrtb/types.js';
import type {
  AdapterContext,
  BidderError,
  CompletedCall,
  FledgeAuctionConfig,
  MediaType,
  OutgoingRequest,
  TypedBid,
} from './types.js';
import { ERROR_CODE } from './types.js';
import type { RegisteredBidder } from './registry.js';
import type { BidderTransport, TransportResult } from './transport.js';
import { resolveMediaType } from './media-type.js';
import { omitKeys, withProps } from '@gavel/common';

export interface RunAdapterEnv {
  transport: BidderTransport;
  clock: Clock;
  /** Monotonic ms by which every call must be done. */
  deadline: number;
  /** Capture HTTP calls for ext.debug.httpcalls. */
  debug: boolean;
  /** Adapter context shared by all bidders of the auction; `bidder`/`endpoint`/`extraInfo` are set here. */
  adapterContext: Omit<AdapterContext, 'bidder' | 'endpoint' | 'extraInfo'>;
  /** The HTTP request's x-request-id, for log lines of failed calls. */
  requestId?: string;
}

/** A bidder HTTP call that ended without a usable answer (built on failure only). */
export interface FailedCall {
  kind: 'timeout' | 'network' | 'bad_status';
  /** HTTP status; 0 without an answer. */
  status: number;
  /** From sending to the outcome. */
  ms: number;
  message: string;
}

/** Sees a bidder's failed HTTP calls (metrics/ logs them); resolved once per bidder code. */
export interface BidderCallObserver {
  callFailed(call: FailedCall, bidder: string, requestId: string): void;
}

/** What the core needs of one bidder's copy of the request (the auction's BidderRequest fits). */
export interface AdapterRunInput {
  /** Bidder or alias name: the name adapters see in `ctx.bidder`. */
  bidder: string;
  request: BidRequest;
  /** Stored bid responses by imp id: they stand in for the bidder's answer for those imps. */
  storedBidResponses?: Readonly<Record<string, string>>;
  /** Per imp id: overwrite the impid of bids parsed from its stored response (default true). */
  storedReplaceImpId?: Readonly<Record<string, boolean>>;
}

export interface ResponseIssue {
  code: number;
  message: string;
}

/** Debug capture of one call (the wire shape of ext.debug.httpcalls entries). */
export interface HttpCallRecord {
  uri: string;
  requestbody: string;
  requestheaders?: Record<string, string[]>;
  responsebody?: string;
  status?: number;
}

/** A bid whose media type is settled, with the currency its price is in. */
export interface ResolvedBid {
  typed: TypedBid;
  type: MediaType;
  currency: string;
}

export interface AdapterRun {
  bids: ResolvedBid[];
  errors: ResponseIssue[];
  warnings: ResponseIssue[];
  /** Present when at least one HTTP call was made. */
  responseTimeMs?: number;
  httpCalls?: HttpCallRecord[];
  /** PAAPI configs of every call, in call order (absent when no call returned any). */
  fledge?: FledgeAuctionConfig[];
}

const GZIP = { gzip: true } as const;
const issue = (e: BidderError): ResponseIssue => ({ code: e.code, message: e.message });
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

// Seat errors of calls that got no answer at all (refused, DNS, reset): code 3 on the wire like a
// bad answer, told apart for the `network` error kind of the metrics.
const transportFailures = new WeakSet<ResponseIssue>();
export const isTransportFailure = (issue: ResponseIssue): boolean => transportFailures.has(issue);

function headerLists(h: OutgoingRequest['headers']): Record<string, string[]> | undefined {
  if (!h) return undefined;
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(h)) out[k] = Array.isArray(v) ? v : [v];
  return out;
}

/** Stored bid responses (by imp id) stand in for the bidder's answer: no HTTP for those imps. */
function storedCalls(br: AdapterRunInput): CompletedCall[] {
  return Object.entries(br.storedBidResponses ?? {}).map(([impId, body]) => ({
    request: { method: 'POST', uri: '', impIds: [impId] },
    response: { status: 200, headers: {}, body },
  }));
}

interface CallOutcome {
  call?: CompletedCall;
  error?: ResponseIssue;
  failure?: FailedCall;
  /** Only when the auction captures debug calls. */
  debug?: HttpCallRecord;
}

/** Upstream endpointCompression=gzip: the call announces `Content-Encoding: gzip` (shown in debug too). */
function gzipped(req: OutgoingRequest): OutgoingRequest {
  if (req.body === undefined) return req;
  const own = req.headers ?? {};
  // Replaces a header of that name in any case, as Go's Header.Set does.
  const others = omitKeys(
    own,
    Object.keys(own).filter((k) => k.toLowerCase() === 'content-encoding'),
  );
  const headers = withProps(others, { 'Content-Encoding': 'gzip' });
  return withProps(req, { headers });
}

async function send(req: OutgoingRequest, env: RunAdapterEnv, gzip: boolean): Promise<CallOutcome> {
  const sentAt = env.clock.monotonic();
  const left = env.deadline - sentAt;
  const debug: HttpCallRecord | undefined = env.debug
    ? {
        uri: req.uri,
        requestbody: req.body ?? '',
        ...(req.headers ? { requestheaders: headerLists(req.headers) } : {}),
      }
    : undefined;
  let result: TransportResult;
  try {
    result = await env.transport.send(req, left, gzip && req.body !== undefined ? GZIP : undefined);
  } catch (err) {
    // A transport that throws or rejects, against its contract (a custom BidderTransport), fails
    // this call like a network error instead of the whole auction.
    result = { kind: 'failure', message: errorText(err) };
  }
  if (result.kind === 'timeout') {
    const message = 'Timeout: the bidder did not answer before the auction deadline';
    const ms = env.clock.monotonic() - sentAt;
    return {
      debug,
      error: { code: ERROR_CODE.timeout, message },
      failure: { kind: 'timeout', status: 0, ms, message },
    };
  }
  if (result.kind === 'failure') {
    const error = { code: ERROR_CODE.badServerResponse, message: `Bidder call failed: ${result.message}` };
    transportFailures.add(error);
    const ms = env.clock.monotonic() - sentAt;
    return { debug, error, failure: { kind: 'network', status: 0, ms, message: result.message } };
  }
  const { response } = result;
  if (debug) {
    debug.responsebody = response.body;
    debug.status = response.status;
  }
  if (response.status === 204) return { debug };
  if (response.status < 200 || response.status >= 300) {
    const message = `Server responded with failure status: ${response.status}. Set request.test = 1 for debugging info.`;
    const ms = env.clock.monotonic() - sentAt;
    return {
      debug,
      error: { code: ERROR_CODE.badServerResponse, message },
      failure: { kind: 'bad_status', status: response.status, ms, message: `status ${response.status}` },
    };
  }
  return { debug, call: { request: req, response } };
}

/** The imp a bid names (requests hold a handful of imps: a scan allocates nothing). */
function impById(imps: readonly Imp[], id: string): Imp | undefined {
  for (const imp of imps) if (imp.id === id) return imp;
  return undefined;
}

function resolveBid(tb: TypedBid, currency: string, imps: readonly Imp[]): ResolvedBid | ResponseIssue {
  const type = resolveMediaType(tb.bid, tb.type, impById(imps, tb.bid.impid));
  if (!type) {
    return {
      code: ERROR_CODE.badServerResponse,
      message: `bid "${tb.bid.id}": cannot determine its media type (set bid.mtype)`,
    };
  }
  return { typed: tb, type, currency };
}

interface ReadBidsArgs {
  br: AdapterRunInput;
  bidder: RegisteredBidder;
  ctx: AdapterContext;
  /** The request the live calls were built from (without stored-response imps). */
  live: BidRequest;
  completed: readonly CompletedCall[];
  seat: AdapterRun;
}

/** makeBids over every completed call: bids with settled media types, errors, PAAPI configs. */
function readBids({ br, bidder, ctx, live, completed, seat }: ReadBidsArgs): void {
  const imps = br.request.imp;
  for (const call of completed) {
    const stored = call.request.uri === '';
    try {
      const made = bidder.adapter.makeBids(stored ? br.request : live, call, ctx);
      seat.errors.push(...made.errors.map(issue));
      const currency = made.value?.currency || 'USD';
      const storedImp = stored ? call.request.impIds[0] : undefined;
      const replaceImpId = storedImp !== undefined && br.storedReplaceImpId?.[storedImp] !== false;
      for (const parsed of made.value?.bids ?? []) {
        const tb =
          replaceImpId && storedImp !== undefined
            ? withProps(parsed, { bid: withProps(parsed.bid, { impid: storedImp }) })
            : parsed;
        const rb = resolveBid(tb, currency, imps);
        if ('code' in rb) seat.errors.push(rb);
        else seat.bids.push(rb);
      }
      const configs = auctionConfigsOf(made.value?.fledgeAuctionConfigs);
      if (configs.length > 0) (seat.fledge ??= []).push(...configs);
    } catch (err) {
      seat.errors.push({
        code: ERROR_CODE.badServerResponse,
        message: `could not read the bidder's response: ${errorText(err)}`,
      });
    }
  }
}

/** The PAAPI configs of an adapter answer as the core reports them (non-objects are skipped). */
function auctionConfigsOf(list: readonly unknown[] | undefined): FledgeAuctionConfig[] {
  const out: FledgeAuctionConfig[] = [];
  for (const c of list ?? []) {
    if (typeof c !== 'object' || c === null) continue;
    const { impid, bidder, config } = c as Record<string, unknown>;
    out.push({
      impid: typeof impid === 'string' ? impid : '',
      ...(typeof bidder === 'string' && bidder !== '' ? { bidder } : {}),
      config,
    });
  }
  return out;
}

/** The adapter context of one bidder: the auction's, plus the bidder's own info-derived facts. */
function contextFor(name: string, bidder: RegisteredBidder, env: RunAdapterEnv): AdapterContext {
  const { info } = bidder;
  const ctx: AdapterContext = withProps(env.adapterContext, { bidder: name, endpoint: info.endpoint });
  if (info.extraInfo !== undefined) ctx.extraInfo = info.extraInfo;
  if (info.platformId !== undefined) ctx.platformId = info.platformId;
  if (info.appSecret !== undefined) ctx.appSecret = info.appSecret;
  return ctx;
}

/** Never rejects: everything that goes wrong becomes an entry of the seat's errors. */
export async function runAdapter(
  br: AdapterRunInput,
  bidder: RegisteredBidder,
  env: RunAdapterEnv,
  observer?: BidderCallObserver,
): Promise<AdapterRun> {
  const started = env.clock.monotonic();
  const ctx = contextFor(br.bidder, bidder, env);
  const seat: AdapterRun = { bids: [], errors: [], warnings: [] };
  const storedBodies = br.storedBidResponses;
  const live: BidRequest =
    storedBodies && Object.keys(storedBodies).length
      ? withProps(br.request, { imp: br.request.imp.filter((i) => !Object.hasOwn(storedBodies, i.id)) })
      : br.request;

  let outgoing: OutgoingRequest[] = [];
  if (live.imp.length > 0) {
    try {
      const made = bidder.adapter.makeRequests(live, ctx);
      outgoing = made.value;
      seat.errors.push(...made.errors.map(issue));
    } catch (err) {
      seat.errors.push({
        code: ERROR_CODE.unknown,
        message: `adapter failed to build requests: ${errorText(err)}`,
      });
    }
  }

  const gzip = bidder.info.endpointCompression?.toLowerCase() === 'gzip';
  const sendOne = (req: OutgoingRequest) => send(gzip ? gzipped(req) : req, env, gzip);
  // Most adapters make one call: awaited as it is, without Promise.all's promises around it.
  const outcomes =
    outgoing.length === 1 ? [await sendOne(outgoing[0]!)] : await Promise.all(outgoing.map(sendOne));
  const completed = storedBodies ? storedCalls(br) : [];
  for (const o of outcomes) {
    if (o.call) completed.push(o.call);
    if (o.error) seat.errors.push(o.error);
    if (o.failure) observer?.callFailed(o.failure, br.bidder, env.requestId ?? '');
  }
  if (env.debug && outgoing.length > 0) {
    if (bidder.info.debugAllowed === false) {
      seat.warnings.push({ code: 10003, message: 'debug turned off for bidder' });
    } else {
      seat.httpCalls = outcomes.flatMap((o) => (o.debug ? [o.debug] : []));
    }
  }

  readBids({ br, bidder, ctx, live, completed, seat });
  if (outgoing.length > 0) seat.responseTimeMs = Math.round(env.clock.monotonic() - started);
  return seat;
}
