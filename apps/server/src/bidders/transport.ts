// Outgoing bidder HTTP (issue 4 "Fan-out"; performance-notes): undici Agent = one keep-alive Pool per
// bidder origin. A call that misses the auction deadline is reported as a timeout at once, but the
// request itself may linger a little so a slow bidder's socket is reused instead of destroyed.
//
// Calls go through undici's dispatcher API (`agent.dispatch` with a handler) rather than `request()`:
// the body arrives as Buffers we join once, and the handler's controller aborts a lingering call, so
// a call allocates no AbortController, no abort listeners, no body stream and no URL object (the
// bench profile put those at ~10% of the fan-out's CPU).
import { Buffer } from 'node:buffer';
import type { IncomingHttpHeaders } from 'node:http';
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

/** What every call of one transport shares; made once, when the transport is. */
interface TransportState {
  agent: Agent;
  /** Bidder URIs repeat (an endpoint, maybe with per-publisher query strings): parse each once. */
  targets: LRUCache<string, Target>;
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
 * One bidder call: undici's handler and the call's own state in a single object. Its methods live on
 * the prototype, so a call allocates one object, not a closure per handler method and timer (each
 * closure also paid a lazy-compile trip on its first call). The promise `send` returns settles once:
 * the first outcome counts — a call cut at the response cap reports its error, then undici's abort
 * error; an answer after the deadline only stops the linger timer.
 */
class BidderCall implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private abortedWith: Error | undefined;
  private status = 0;
  private headers: IncomingResponse['headers'] = {};
  private chunks: Buffer[] = [];
  private size = 0;
  /** An outcome was reported (answer or error); later ones are ignored. */
  private ended = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly resolve: (result: TransportResult) => void,
    private readonly limits: { maxBytes: number; lingerMs: number },
  ) {}

  onRequestStart(c: Dispatcher.DispatchController): void {
    this.controller = c;
    if (this.abortedWith) c.abort(this.abortedWith);
  }

  onResponseStart(c: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    this.status = statusCode;
    this.headers = headers;
    if (declaredTooLarge(headers, this.limits.maxBytes)) this.tooLarge(c);
  }

  onResponseData(c: Dispatcher.DispatchController, chunk: Buffer): void {
    this.size += chunk.length;
    // Nothing past the cap is kept: a huge body must not hold memory or the auction.
    if (this.size > this.limits.maxBytes) {
      this.chunks = [];
      this.tooLarge(c);
      return;
    }
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    const chunks = this.chunks;
    const body = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
    this.settle({ kind: 'response', response: { status: this.status, headers: this.headers, body } });
  }

  onResponseError(_c: Dispatcher.DispatchController, err: Error): void {
    this.settle(failureOf(err));
  }

  /** Reports the call's outcome; the first one counts. */
  settle(result: TransportResult): void {
    if (this.ended) return;
    this.ended = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.resolve(result);
  }

  /** One timer per call: at the deadline the auction moves on; the call may linger, then is cut. */
  arm(timeoutMs: number): void {
    if (!this.ended) this.timer = setTimeout(reachDeadline, timeoutMs, this);
  }

  deadline(): void {
    this.resolve({ kind: 'timeout' });
    this.timer = setTimeout(reachHardLimit, this.limits.lingerMs, this);
  }

  hardLimit(): void {
    if (!this.ended) this.abort(new Error('bidder call hard limit'));
  }

  private tooLarge(c: Dispatcher.DispatchController): void {
    const err = new Error(tooLargeMessage(this.limits.maxBytes));
    this.settle({ kind: 'failure', message: err.message });
    c.abort(err);
  }

  /** Stops the call (destroys its socket), now or as soon as undici hands over its controller. */
  private abort(reason: Error): void {
    this.abortedWith = reason;
    this.controller?.abort(reason);
  }
}

// Timer callbacks shared by every call (the call is the timer's argument: no closure per call).
function reachDeadline(call: BidderCall): void {
  call.deadline();
}
function reachHardLimit(call: BidderCall): void {
  call.hardLimit();
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
  const state: TransportState = { agent, targets: new LRUCache<string, Target>({ max: 4096 }) };
  const limits = { maxBytes: opts.maxResponseBytes ?? Infinity, lingerMs: opts.lingerMs };

  return {
    send(req, budgetMs, wire) {
      // Timer APIs want whole milliseconds; the budget comes from a monotonic clock.
      const timeoutMs = Math.ceil(budgetMs);
      if (timeoutMs <= 0) return Promise.resolve({ kind: 'timeout' });
      return new Promise<TransportResult>((resolve) => {
        const call = new BidderCall(resolve, limits);
        try {
          state.agent.dispatch(
            dispatchOptions(targetOf(state.targets, req.uri), req, wire?.gzip === true),
            call,
          );
        } catch (err) {
          // A URI undici or URL cannot take is a failed call, like a refused connection.
          call.settle({ kind: 'failure', message: (err as Error).message });
          return;
        }
        call.arm(timeoutMs); // no timer when undici reported an error while dispatching
      });
    },
    async close() {
      await agent.destroy();
    },
  };
}
