// Outgoing bidder HTTP (issue 4 "Fan-out"; performance-notes): undici Agent = one keep-alive Pool per
// bidder origin. A call that misses the auction deadline is reported as a timeout at once, but the
// request itself may linger a little so a slow bidder's socket is reused instead of destroyed.
//
// Calls go through undici's dispatcher API (`agent.dispatch` with a handler) rather than `request()`:
// the body arrives as Buffers we join once, and the handler's controller aborts a lingering call, so
// a call allocates no AbortController, no abort listeners, no body stream and no URL object (the
// bench profile put those at ~10% of the fan-out's CPU).
import { Buffer } from 'node:buffer';
import { gzipSync } from 'node:zlib';
import { Agent, type Dispatcher } from 'undici';
import { LRUCache } from 'lru-cache';
import type { IncomingResponse, OutgoingRequest } from './types.js';
import { withProps } from '@gavel/common';

export type TransportResult =
  | { kind: 'response'; response: IncomingResponse }
  | { kind: 'timeout' }
  | { kind: 'failure'; message: string };

export interface BidderTransport {
  /**
   * Never rejects: network problems are `failure`, missing the budget is `timeout`. `wire.gzip`:
   * the body goes out gzipped (the caller sets the `Content-Encoding` header).
   */
  send(req: OutgoingRequest, timeoutMs: number, wire?: WireOptions): Promise<TransportResult>;
  close(): Promise<void>;
}

export interface WireOptions {
  gzip?: boolean;
}

export interface UndiciTransportOptions {
  /** Sockets per bidder origin. */
  connectionsPerOrigin: number;
  keepAliveTimeoutMs: number;
  /**
   * How long a timed-out call may keep running in the background before its socket is destroyed;
   * a late answer is drained so the connection goes back to the pool (aborting costs ~3 ms CPU
   * per auction in reconnects, performance-notes).
   */
  lingerMs: number;
  /**
   * Largest response body in bytes: past it the call is cut at once (its socket destroyed) and is a
   * `failure` "response body exceeds N bytes" (`auction.bidder-max-response-bytes`); absent → no cap.
   */
  maxResponseBytes?: number;
}

const DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json;charset=utf-8',
  accept: 'application/json',
};

/** The adapter's headers, plus the JSON defaults it did not set itself (names compared case-insensitively). */
function outgoingHeaders(req: OutgoingRequest): Record<string, string | string[]> {
  const given = req.headers;
  if (req.body === undefined) return given ?? {};
  if (!given) return DEFAULT_HEADERS;
  let hasType = false;
  let hasAccept = false;
  for (const name in given) {
    const lower = name.toLowerCase();
    if (lower === 'content-type') hasType = true;
    else if (lower === 'accept') hasAccept = true;
  }
  if (hasType && hasAccept) return given;
  return withProps(
    hasType ? {} : { 'content-type': DEFAULT_HEADERS['content-type']! },
    hasAccept ? {} : { accept: DEFAULT_HEADERS['accept']! },
    given,
  );
}

/** The failure message of a call whose body passed `maxResponseBytes`. */
export function tooLargeMessage(max: number): string {
  return `response body exceeds ${max} bytes`;
}

/** A declared Content-Length above the cap (undici gives header values as strings or lists). */
function declaredTooLarge(headers: IncomingResponse['headers'], max: number): boolean {
  const v = headers['content-length'];
  const n = Number(Array.isArray(v) ? v[0] : v);
  return Number.isFinite(n) && n > max;
}

interface Target {
  origin: string;
  path: string;
}

/** An in-flight call: a way to stop it (destroys the socket). */
interface Call {
  abort(reason: Error): void;
}

/**
 * Where a call's outcome goes: the answer or the error that ended it. A call cut at the response cap
 * reports its error, then undici's abort error too: the first one counts (the caller's promise
 * settles once).
 */
type CallSettle = (outcome: { response: IncomingResponse } | { error: unknown }) => void;

/** What every call of one transport shares; made once, when the transport is. */
interface TransportState {
  agent: Agent;
  /** Bidder URIs repeat (an endpoint, maybe with per-publisher query strings): parse each once. */
  targets: LRUCache<string, Target>;
  opts: UndiciTransportOptions;
}

function targetOf(targets: LRUCache<string, Target>, uri: string): Target {
  let t = targets.get(uri);
  if (!t) {
    const url = new URL(uri);
    t = { origin: url.origin, path: `${url.pathname}${url.search}` };
    targets.set(uri, t);
  }
  return t;
}

/** What `agent.dispatch` is asked to send for `req`. */
function dispatchOptions(target: Target, req: OutgoingRequest, gzip: boolean): Dispatcher.DispatchOptions {
  return {
    origin: target.origin,
    path: target.path,
    method: req.method,
    headers: outgoingHeaders(req),
    ...(req.body !== undefined ? { body: gzip ? gzipSync(req.body) : req.body } : {}),
    // No undici timers: the call's own timer ends it (deadline, then linger, then abort),
    // so undici's per-request header/body timers would only duplicate that work.
    headersTimeout: 0,
    bodyTimeout: 0,
  };
}

/**
 * Dispatches `req`; `settle` hears its outcome (no promise of its own: the transport's one promise
 * per call is settled from here). Throws when the URI or options cannot be dispatched.
 */
function startCall(
  state: TransportState,
  req: OutgoingRequest,
  o: { gzip: boolean; settle: CallSettle },
): Call {
  let controller: Dispatcher.DispatchController | undefined;
  let abortedWith: Error | undefined;
  const settle = o.settle;
  const target = targetOf(state.targets, req.uri);
  let status = 0;
  let headers: IncomingResponse['headers'] = {};
  const chunks: Buffer[] = [];
  let size = 0;
  const max = state.opts.maxResponseBytes ?? Infinity;
  const tooLarge = (c: Dispatcher.DispatchController): void => {
    const err = new Error(tooLargeMessage(max));
    settle({ error: err });
    c.abort(err);
  };
  state.agent.dispatch(dispatchOptions(target, req, o.gzip), {
    onRequestStart(c) {
      controller = c;
      if (abortedWith) c.abort(abortedWith);
    },
    onResponseStart(c, statusCode, responseHeaders) {
      status = statusCode;
      headers = responseHeaders;
      if (declaredTooLarge(responseHeaders, max)) tooLarge(c);
    },
    onResponseData(c, chunk) {
      size += chunk.length;
      // Nothing past the cap is kept: a huge body must not hold memory or the auction.
      if (size > max) {
        if (chunks.length) chunks.length = 0;
        tooLarge(c);
        return;
      }
      chunks.push(chunk);
    },
    onResponseEnd() {
      const body = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
      settle({ response: { status, headers, body } });
    },
    onResponseError(_c, err) {
      settle({ error: err });
    },
  });
  return {
    abort(reason) {
      abortedWith = reason;
      controller?.abort(reason);
    },
  };
}

/** The transport's result for a call that ended with `err` (undici's own timers count as timeouts). */
function failureOf(err: unknown): TransportResult {
  const e = err as { code?: string; message?: string };
  if (e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') return { kind: 'timeout' };
  return { kind: 'failure', message: e.message ?? String(err) };
}

export function createUndiciTransport(opts: UndiciTransportOptions): BidderTransport {
  const agent = new Agent({
    connections: opts.connectionsPerOrigin,
    keepAliveTimeout: opts.keepAliveTimeoutMs,
  });
  const state: TransportState = { agent, targets: new LRUCache<string, Target>({ max: 4096 }), opts };

  return {
    send(req, budgetMs, wire) {
      // Timer APIs want whole milliseconds; the budget comes from a monotonic clock.
      const timeoutMs = Math.ceil(budgetMs);
      if (timeoutMs <= 0) return Promise.resolve({ kind: 'timeout' });
      return new Promise<TransportResult>((resolve) => {
        let ended = false;
        let timer: NodeJS.Timeout | undefined;
        let call: Call;
        try {
          call = startCall(state, req, {
            gzip: wire?.gzip === true,
            settle(outcome) {
              if (ended) return; // the first outcome counts (see CallSettle)
              ended = true;
              if (timer !== undefined) clearTimeout(timer);
              resolve(
                'response' in outcome
                  ? { kind: 'response', response: outcome.response }
                  : failureOf(outcome.error),
              );
            },
          });
        } catch (err) {
          // A URI undici or URL cannot take is a failed call, like a refused connection.
          resolve({ kind: 'failure', message: (err as Error).message });
          return;
        }
        if (ended) return; // settled while dispatching (an error undici reports at once)
        // One timer per call: at the deadline the auction moves on; the call may linger, then is cut.
        timer = setTimeout(() => {
          resolve({ kind: 'timeout' });
          timer = setTimeout(() => {
            if (!ended) call.abort(new Error('bidder call hard limit'));
          }, opts.lingerMs);
        }, timeoutMs);
      });
    },
    async close() {
      await agent.destroy();
    },
  };
}
