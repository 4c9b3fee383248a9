// Test helpers: sample events, a recording adapter, fake timers, and a real local collector.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { BidRequest } from '../openrtb/types.js';
import type { AnalyticsAdapter, AnalyticsEvent, AnalyticsTimers, AuctionEvent } from './types.js';

export function auctionEvent(n = 0, ext?: Record<string, unknown>): AuctionEvent {
  const request: BidRequest = { id: `req-${n}`, imp: [{ id: '1', banner: { w: 300, h: 250 } }] };
  if (ext) request.ext = ext;
  return {
    kind: 'auction',
    status: 200,
    errors: [],
    request,
    response: {
      id: `req-${n}`,
      seatbid: [{ seat: 'appnexus', bid: [{ id: `b${n}`, impid: '1', price: 1.25 }] }],
    },
    accountId: 'acc',
    startedAt: 1_700_000_000_000 + n,
  };
}

export interface Delivery {
  event: AnalyticsEvent;
  options?: Readonly<Record<string, unknown>>;
}

/** An adapter that keeps what it accepts (up to `capacity`, then refuses). */
export function recordingAdapter(name: string, capacity = Infinity): AnalyticsAdapter & { got: Delivery[] } {
  const got: Delivery[] = [];
  return {
    name,
    got,
    accept(event, options) {
      if (got.length >= capacity) return false;
      got.push({ event, options });
      return true;
    },
    close: () => Promise.resolve(),
  };
}

export interface FakeTimers extends AnalyticsTimers {
  advance(ms: number): void;
  pending(): number;
  /** Delays of the timers scheduled so far, in order. */
  scheduled: number[];
}

export function createFakeTimers(): FakeTimers {
  let now = 0;
  let seq = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  const scheduled: number[] = [];
  const due = (limit: number): [number, { at: number; fn: () => void }] | undefined => {
    let best: [number, { at: number; fn: () => void }] | undefined;
    for (const entry of queue) if (entry[1].at <= limit && (!best || entry[1].at < best[1].at)) best = entry;
    return best;
  };
  return {
    scheduled,
    set(fn, ms) {
      scheduled.push(ms);
      queue.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clear: (handle) => void queue.delete(handle as number),
    advance(ms) {
      const target = now + ms;
      for (let next = due(target); next; next = due(target)) {
        queue.delete(next[0]);
        now = next[1].at;
        next[1].fn();
      }
      now = target;
    },
    pending: () => queue.size,
  };
}

/** Lets pending promise callbacks and I/O callbacks run. */
export const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface Collector {
  url: string;
  /** Parsed bodies received so far. */
  batches: unknown[][];
  headers: IncomingMessage['headers'][];
  /** Status answered (default 200). */
  status: number;
  close(): Promise<void>;
}

export async function startCollector(): Promise<Collector> {
  const c: Omit<Collector, 'url' | 'close'> = { batches: [], headers: [], status: 200 };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      c.headers.push(req.headers);
      if (c.status === 200) c.batches.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[]);
      res.writeHead(c.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(c, {
    url: `http://127.0.0.1:${port}/collect`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/**
 * A stored-data directory holding `accounts` (id → account document) and the server config of an
 * app with the log adapter writing to `file` and one host bidder `alpha` (namespace `prebid`).
 */
export async function logAnalyticsWorld(accounts: Record<string, unknown>): Promise<{
  file: string;
  config: Record<string, unknown>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'gavel-analytics-'));
  await mkdir(join(dir, 'accounts'));
  for (const [id, doc] of Object.entries(accounts))
    await writeFile(join(dir, 'accounts', `${id}.json`), JSON.stringify(doc));
  const file = join(dir, 'analytics.jsonl');
  return {
    file,
    config: {
      'ext-namespace': 'prebid',
      settings: { files: { dir } },
      analytics: { log: { enabled: true, file } },
      bidders: { alpha: { endpoint: 'http://alpha.test/', capabilities: { site: ['banner'] } } },
    },
  };
}
