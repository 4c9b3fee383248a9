// Test kit of the video endpoint: a pod bidder (the generic OpenRTB adapter that reports `bid.dur` as
// the video duration, as real video adapters do), a scripted transport answering one bid per imp, a
// cache fake that keeps every put by uuid, a category-mapping directory, and an app around them.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withProps } from '@gavel/common';
import { buildTestApp, jsonResponse, scriptedTransport, testConfig } from '../../../test/harness.js';
import { createMemorySource } from '../../stored/memory-source.js';
import { createOrtbAdapter } from '../../bidders/helpers/ortb-adapter.js';
import type { BidderModule } from '../../bidders/info.js';
import type { CacheTransport } from '../../cache-client/cache-client.js';
import type { ServerApp } from '../../app.js';
import type { LightMyRequestResponse } from 'fastify';
import type { Bid } from '../../openrtb/types.js';

export const POD_VIDEO = { w: 640, h: 480, mimes: ['video/mp4'], protocols: [2, 3, 5, 6] };

/** An InLine VAST 3.0 ad with one linear creative and an empty `<Impression>` slot. */
export function inlineVast(adId: string, seconds: number): string {
  const dur = `00:00:${String(seconds).padStart(2, '0')}`;
  return (
    `<VAST version="3.0"><Ad id="${adId}"><InLine><AdSystem>pod-bidder</AdSystem><AdTitle>${adId}</AdTitle>` +
    `<Impression><![CDATA[https://adserver.example/imp?ad=${adId}]]></Impression><Creatives><Creative>` +
    `<Linear><Duration>${dur}</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" ` +
    `width="640" height="480"><![CDATA[https://cdn.example/${adId}.mp4]]></MediaFile></MediaFiles></Linear>` +
    `</Creative></Creatives></InLine></Ad></VAST>`
  );
}

/** A bidder module whose bids carry `{duration: bid.dur}` (G adapters fill BidVideo the same way). */
export function podBidder(code: string, o: { vastChanges?: boolean } = {}): BidderModule {
  return {
    code,
    info: {
      endpoint: `http://${code}.test/bid`,
      enabled: true,
      capabilities: { site: ['video'], app: ['video'] },
      modifyingVastXmlAllowed: o.vastChanges === true,
    },
    paramsSchema: { type: 'object' },
    adapter: createOrtbAdapter({
      decorate: (typed) =>
        typed.type === 'video' && typeof typed.bid.dur === 'number'
          ? withProps(typed, { video: { duration: typed.bid.dur, primary_category: '' } })
          : typed,
    }),
  };
}

/** What a scripted bidder answers for one imp id: bid fields over `{id: <bidder>-<impid>, impid, mtype: 2}`. */
export type PodAnswer = (impId: string, bidder: string) => Partial<Bid> | undefined;

/** One bid per imp as `answer` says; the bidder is read from the call's host (`<code>.test`). */
export function podTransport(answer: PodAnswer) {
  return scriptedTransport((req) => {
    const r = JSON.parse(req.body ?? '{}') as { id: string; imp: { id: string }[] };
    const bidder = new URL(req.uri).hostname.replace(/\.test$/, '');
    const bids = r.imp.flatMap((imp) => {
      const fields = answer(imp.id, bidder);
      return fields ? [withProps({ id: `${bidder}-${imp.id}`, impid: imp.id, mtype: 2 }, fields)] : [];
    });
    return jsonResponse(200, { id: r.id, cur: 'USD', seatbid: [{ bid: bids }] });
  });
}

export interface CachePutRecord {
  type: string;
  value: unknown;
  ttlseconds?: number;
}

/** A cache fake: ids `c0`, `c1`, … in put order; `stored` is what `GET /cache?uuid=` would return. */
export function memoryCache(): CacheTransport & { stored: Map<string, CachePutRecord> } {
  const stored = new Map<string, CachePutRecord>();
  const transport = async (body: string) => {
    const puts = (JSON.parse(body) as { puts: CachePutRecord[] }).puts;
    const responses = puts.map((p) => {
      const uuid = `c${stored.size}`;
      stored.set(uuid, p);
      return { uuid };
    });
    return { status: 200, body: JSON.stringify({ responses }) };
  };
  return Object.assign(transport, { stored });
}

/** A category-mapping directory holding `<adserver>/<name>.json` files. */
export function categoryDir(files: Record<string, Record<string, Record<string, string>>>) {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-video-categories-'));
  for (const [adServer, byName] of Object.entries(files)) {
    mkdirSync(join(dir, adServer), { recursive: true });
    for (const [name, table] of Object.entries(byName)) {
      const doc = Object.fromEntries(Object.entries(table).map(([iab, id]) => [iab, { id, name: id }]));
      writeFileSync(join(dir, adServer, `${name}.json`), JSON.stringify(doc));
    }
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface PodAppOptions {
  bidders: BidderModule[];
  answer: PodAnswer;
  /** Stored imps by id (JSON values). */
  storedImps: Record<string, unknown>;
  /** Stored video requests by id (JSON values). */
  storedRequests?: Record<string, unknown>;
  categoriesDir?: string;
  /** Extra host config (merged over the kit's). */
  config?: Record<string, unknown>;
}

export interface PodApp {
  app: ServerApp;
  transport: ReturnType<typeof podTransport>;
  cache: ReturnType<typeof memoryCache>;
  post(body: unknown): Promise<LightMyRequestResponse>;
}

export async function podApp(o: PodAppOptions): Promise<PodApp> {
  const transport = podTransport(o.answer);
  const cache = memoryCache();
  const asText = (t: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(t).map(([id, v]) => [id, JSON.stringify(v)]));
  const imp = asText(o.storedImps);
  const request = asText(o.storedRequests ?? {});
  const config: Record<string, unknown> = {
    'category-mapping': o.categoriesDir !== undefined ? { dir: o.categoriesDir } : { enabled: false },
  };
  Object.assign(config, o.config ?? {});
  const app = await buildTestApp(testConfig(config), {
    transport,
    cacheTransport: cache,
    storedSources: [createMemorySource({ imp, request })],
    extraBidders: o.bidders,
  });
  const post = (body: unknown) =>
    app.publicApp.inject({ method: 'POST', url: '/openrtb2/video', payload: body as object });
  return { app, transport, cache, post };
}
