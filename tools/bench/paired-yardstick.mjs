// `paired.mjs --yardstick K`: the shared yardstick's auction (../shared/bench, its `vs` group) in
// process — its request with params for the first K of its bidders, its Gavel config (those bidders as
// generic OpenRTB bidders), and its mock bidders' answers (the same 64 pre-serialised price variants
// per bidder as mock-bidder.js), read from the yardstick's own fixtures.js, nothing copied here. As
// vs-parity.mjs runs it, floors are switched on for every account, so `plain` and `parity` differ only
// in the body.
import { PARITY_FLOORS, yardstickBidders, yardstickFixtures } from './yardstick-procs.mjs';

/**
 * The yardstick's side of a paired run.
 * @param {{ shared: string, k: number }} o the yardstick's directory, the number of bidders
 */
export function yardstickSetup({ shared, k }) {
  const F = yardstickFixtures(shared);
  /** @type {string[]} */
  const bidders = F.BIDDERS.slice(0, k);
  // mock-bidder.js: variant v of bidder i is priced 0.5 + ((v * 37 + i * 11) % 300) / 100.
  const answers = bidders.map((name, i) =>
    Array.from({ length: 64 }, (_, v) =>
      JSON.stringify(F.bidderResponse(name, 0.5 + ((v * 37 + i * 11) % 300) / 100)),
    ),
  );
  const served = bidders.map(() => 0);
  return {
    bidders,
    config: {
      'ext-namespace': 'prebid',
      log: { level: 'warn' },
      // Offline: the default rates URL would be retried in the background of every variant.
      currency: { 'rates-url': '' },
      'price-floors': PARITY_FLOORS,
      bidders: yardstickBidders(bidders),
    },
    /** @param {string} uri a bidder endpoint of yardstickBidders (port 9100 + index) */
    answer(uri) {
      const i = Number(/:(\d+)\//.exec(uri)?.[1] ?? 9100) - 9100;
      const body = answers[i][served[i]++ & 63];
      return { status: 200, headers: { 'content-type': 'application/json' }, body };
    },
    request: () => F.bidRequest(undefined, { bidders: k }),
  };
}
