// The e2e world one test file shares: mock bidders and vendor-list host, both Gavel services, the
// publisher page server with the freshly bundled Prebid.js, and headless Chromium (system package,
// driven by playwright-core). Each test opens its own browser context (own cookies).
import { existsSync, mkdirSync } from 'node:fs';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startMockBidders, type MockBidders } from './mock-bidders.js';
import { startGavel, PLAIN_ACCOUNT, type GavelServices } from './services.js';
import { bundlePrebid, startPageServer, type PageServer } from './page-server.js';
import type { AuctionInput, AuctionOutput } from './page/app.js';

export const OUTPUT_DIR = fileURLToPath(new URL('./output/', import.meta.url));
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export interface World {
  mock: MockBidders;
  gavel: GavelServices;
  pages: PageServer;
  browser: Browser;
  /** A fresh context (no cookies) with the test page loaded; console errors are collected. */
  openPage(): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }>;
  close(): Promise<void>;
}

function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  const found = CHROMIUM_CANDIDATES.find((p) => existsSync(p));
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  return found;
}

/** Starts the pieces in order; when one fails, the ones already running are stopped. */
async function startPieces() {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const mock = await startMockBidders();
    stops.push(() => mock.close());
    const gavel = await startGavel(mock.origin);
    stops.push(() => gavel.close());
    const pages = await startPageServer(await bundlePrebid());
    stops.push(() => pages.close());
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
    stops.push(() => browser.close());
    return { mock, gavel, pages, browser, stopAll };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

export async function startWorld(): Promise<World> {
  const { mock, gavel, pages, browser, stopAll } = await startPieces();
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const contexts: BrowserContext[] = [];
  return {
    mock,
    gavel,
    pages,
    browser,
    async openPage() {
      const context = await browser.newContext({ viewport: { width: 640, height: 400 } });
      contexts.push(context);
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      await page.goto(`${pages.origin}/page.html`);
      await page.waitForFunction(() => 'e2e' in window);
      return { context, page, consoleErrors };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await stopAll();
    },
  };
}

export interface S2sOptions {
  accountId?: string;
  bidders?: string[];
  endpointCompression?: boolean;
  /** Extra keys of ext.prebid (merged over cache + targeting). */
  extPrebid?: Record<string, unknown>;
}

/**
 * Prebid.js ad-server targeting keeps only its default keys (hb_uuid, not hb_cache_id): a publisher
 * that wants the banner/native cache id adds it.
 */
export const TARGETING_CONTROLS = { addTargetingKeys: ['CACHE_ID', 'SOURCE'] };

/** Prebid.js `s2sConfig` pointing at the Gavel under test. */
/** Starts the world before the file's tests (handing it to `set`) and closes it after them. */
export function useWorld(set: (world: World) => void): void {
  let started: World | undefined;
  before(async () => {
    started = await startWorld();
    set(started);
  });
  after(async () => {
    await started?.close();
  });
}

export function s2sConfig(gavel: GavelServices, o: S2sOptions = {}): Record<string, unknown> {
  const auction = `${gavel.origin}/openrtb2/auction`;
  const sync = `${gavel.origin}/cookie_sync`;
  return {
    accountId: o.accountId ?? PLAIN_ACCOUNT,
    enabled: true,
    adapter: 'prebidServer',
    bidders: o.bidders ?? ['alphabid'],
    timeout: 1500,
    endpoint: { p1Consent: auction, noP1Consent: auction },
    syncEndpoint: { p1Consent: sync, noP1Consent: sync },
    endpointCompression: o.endpointCompression ?? false,
    extPrebid: Object.assign(
      {
        cache: { bids: {}, vastxml: { returnCreative: false } },
        targeting: { includewinners: true, includebidderkeys: true, pricegranularity: 'medium' },
      },
      o.extPrebid ?? {},
    ),
  };
}

export function bannerUnit(code: string, bidders: string[] = ['alphabid']): Record<string, unknown> {
  return {
    code,
    mediaTypes: { banner: { sizes: [[300, 250]] } },
    bids: bidders.map((bidder) => ({ bidder, params: {} })),
  };
}

export interface AuctionExchange {
  /** The body Prebid.js posted to /openrtb2/auction, as on the wire (gzip when compressed). */
  raw: Buffer;
  request?: Record<string, unknown>;
  response?: Record<string, unknown>;
}

/** Records every /openrtb2/auction exchange the page makes (uncompressed bodies parsed). */
export function captureAuctions(page: Page): AuctionExchange[] {
  const out: AuctionExchange[] = [];
  page.on('requestfinished', (r) => {
    if (!r.url().includes('/openrtb2/auction') || r.method() !== 'POST') return;
    const raw = r.postDataBuffer() ?? Buffer.alloc(0);
    const entry: AuctionExchange = { raw };
    if (raw[0] === 0x7b) entry.request = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    out.push(entry);
    void r
      .response()
      .then((res) => res?.json())
      .then((j) => (entry.response = j as Record<string, unknown>))
      .catch(() => undefined);
  });
  return out;
}

/** Runs one Prebid.js auction in the page and returns its bids and ad-server targeting. */
export function runAuction(page: Page, input: AuctionInput): Promise<AuctionOutput> {
  return page.evaluate(
    (i) =>
      (window as unknown as { e2e: { auction(i: AuctionInput): Promise<AuctionOutput> } }).e2e.auction(i),
    input,
  );
}

/** Waits until `check` holds, running `poll` before each check, or fails after `timeoutMs`. */
export async function eventually(
  check: () => boolean,
  what: string,
  timeoutMs = 5000,
  poll?: () => Promise<void>,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (poll) await poll();
    if (check()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
