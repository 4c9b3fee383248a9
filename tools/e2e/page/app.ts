// The test page's script, bundled by esbuild with Prebid.js from npm: Prebid.js core, the Prebid
// Server adapter and the modules under test, plus `window.e2e`, the handle the tests drive the page
// with (page.evaluate). Runs in the browser.
import pbjs from 'prebid.js';
import 'prebid.js/modules/prebidServerBidAdapter';
import 'prebid.js/modules/consentManagementTcf';
import 'prebid.js/modules/currency';
import 'prebid.js/modules/priceFloors';

export interface AuctionInput {
  /** pbjs.setConfig argument (s2sConfig, consentManagement, currency, floors, ...). */
  config: Record<string, unknown>;
  adUnits: Record<string, unknown>[];
  timeoutMs: number;
}

export interface PageBid {
  bidder: string;
  adUnitCode: string;
  adId: string;
  cpm: number;
  currency: string;
  originalCpm?: number;
  originalCurrency?: string;
  mediaType: string;
  width?: number;
  height?: number;
  videoCacheKey?: string;
  vastUrl?: string;
  native?: Record<string, unknown>;
  adserverTargeting?: Record<string, string>;
  eventtrackers?: { event: number; method: number; url: string }[];
}

export interface AuctionOutput {
  bids: PageBid[];
  targeting: Record<string, Record<string, string>>;
}

const FIELDS: (keyof PageBid)[] = [
  'bidder',
  'adUnitCode',
  'adId',
  'cpm',
  'currency',
  'originalCpm',
  'originalCurrency',
  'mediaType',
  'width',
  'height',
  'videoCacheKey',
  'vastUrl',
  'native',
  'adserverTargeting',
  'eventtrackers',
];

/** The plain-data part of a Prebid.js bid (bids also carry functions and metrics). */
function plain(bid: Record<string, unknown>): PageBid {
  const out: Record<string, unknown> = {};
  for (const k of FIELDS) if (bid[k] !== undefined) out[k] = bid[k];
  return JSON.parse(JSON.stringify(out)) as PageBid;
}

type Pbjs = {
  setConfig(c: unknown): void;
  addAdUnits(u: unknown): void;
  requestBids(r: unknown): void;
  getBidResponses(): Record<string, { bids: Record<string, unknown>[] }>;
  getAdserverTargeting(): Record<string, Record<string, string>>;
  renderAd(doc: Document, adId: string): void;
  processQueue(): void;
};
const prebid = pbjs as unknown as Pbjs;

function auction(input: AuctionInput): Promise<AuctionOutput> {
  prebid.setConfig(input.config);
  prebid.addAdUnits(input.adUnits);
  return new Promise((resolve) => {
    prebid.requestBids({
      timeout: input.timeoutMs,
      adUnitCodes: input.adUnits.map((u) => u.code),
      bidsBackHandler: () => {
        const bids = Object.values(prebid.getBidResponses()).flatMap((r) => r.bids.map(plain));
        resolve({ bids, targeting: prebid.getAdserverTargeting() });
      },
    });
  });
}

/** Renders a bid into a 300x250 iframe inside the element with id `slotId`. */
function render(slotId: string, adId: string): void {
  const slot = document.getElementById(slotId);
  if (!slot) throw new Error(`no element #${slotId}`);
  const frame = document.createElement('iframe');
  Object.assign(frame, { width: '300', height: '250', frameBorder: '0', scrolling: 'no' });
  frame.style.border = '0';
  slot.appendChild(frame);
  const doc = frame.contentWindow?.document;
  if (!doc) throw new Error('iframe without a document');
  prebid.renderAd(doc, adId);
}

prebid.processQueue();
(window as unknown as { e2e: unknown }).e2e = { auction, render };
