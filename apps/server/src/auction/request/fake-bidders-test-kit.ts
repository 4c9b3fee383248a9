// Test kit of the request side: a tiny in-memory BidderLookup (a bidder's params are valid unless
// they carry `invalid: true`) and a small valid request to derive cases from.
import type { MediaType } from '../../bidders/types.js';
import type { BidderInfo } from '../../bidders/info.js';
import type { BidRequest } from '../../openrtb/types.js';
import type { BidderLookup, BidderLookupEntry } from './bidder-lookup.js';

const ALL: MediaType[] = ['banner', 'video', 'audio', 'native'];

export interface FakeBidder {
  code: string;
  enabled?: boolean;
  site?: MediaType[];
  app?: MediaType[];
  syncKey?: string;
  ortb26?: boolean;
  /** Reads GPP itself (bidder info gppSupported). */
  gpp?: boolean;
  /** Takes one media type per imp (bidder info multiformatSupported false). */
  singleFormat?: boolean;
  dooh?: MediaType[];
}

export function fakeBidders(list: FakeBidder[]): BidderLookup {
  const byLower = new Map<string, BidderLookupEntry>();
  for (const b of list) {
    const info: BidderInfo = {
      endpoint: `http://127.0.0.1/${b.code}`,
      enabled: b.enabled ?? true,
      capabilities: { site: b.site ?? ALL, app: b.app ?? ALL, ...(b.dooh ? { dooh: b.dooh } : {}) },
      ...(b.singleFormat ? { multiformatSupported: false } : {}),
      ...(b.syncKey ? { userSync: { key: b.syncKey } } : {}),
      ...(b.ortb26 ? { openrtbVersion: '2.6' as const } : {}),
      ...(b.gpp ? { gppSupported: true } : {}),
    };
    byLower.set(b.code.toLowerCase(), { code: b.code, info });
  }
  return {
    lookup: (name) => byLower.get(name.toLowerCase()),
    validateParams: (code, params) => {
      if (typeof params !== 'object' || params === null) return ['(root): must be object'];
      return (params as Record<string, unknown>).invalid === true ? [`invalid: ${code} rejects it`] : [];
    },
  };
}

export const standardBidders = (): BidderLookup =>
  fakeBidders([
    { code: 'appnexus', syncKey: 'adnxs' },
    { code: 'rubicon' },
    { code: 'pubmatic' },
    { code: 'offline', enabled: false },
    { code: 'siteonly', app: [] },
    { code: 'banneronly', site: ['banner'], app: ['banner'] },
    { code: 'modern', ortb26: true },
    { code: 'oneformat', singleFormat: true, dooh: ['banner'] },
  ]);

/** A small valid site request with one banner imp for appnexus; `over` replaces top-level fields. */
export function base(over: Record<string, unknown> = {}): BidRequest {
  const body: unknown = {
    id: 'req-1',
    site: { page: 'https://news.example/a' },
    imp: [{ id: 'imp-1', banner: { format: [{ w: 300, h: 250 }] }, ext: { appnexus: { placementId: 1 } } }],
    ...over,
  };
  return body as BidRequest;
}

/** base() whose single imp is patched by `imp`. */
export function withImp(imp: Record<string, unknown>, over: Record<string, unknown> = {}): BidRequest {
  return base({
    imp: [
      {
        id: 'imp-1',
        banner: { format: [{ w: 300, h: 250 }] },
        ext: { appnexus: { placementId: 1 } },
        ...imp,
      },
    ],
    ...over,
  });
}
