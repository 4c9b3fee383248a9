// Auction-level module test pieces: a bidder answering one allowed, one blocked-domain and one MRAID
// bid; plan groups in upstream's JSON shape; a server config with ortb2blocking (badv: blocked.com) and
// richmedia-filter enabled and the given stages as the host plan.
import type { OutgoingRequest } from '../bidders/types.js';
import type { BidRequest } from '../openrtb/types.js';
import { jsonResponse, testConfig } from '../../test/harness.js';

type Obj = Record<string, unknown>;

/** The bidder's answer: bids `good` (ok.com), `bad` (blocked.com) and `rich` (an MRAID creative). */
export function bids(req: OutgoingRequest) {
  const body = JSON.parse(req.body ?? '{}') as BidRequest;
  const impid = body.imp[0]?.id;
  const bid = (id: string, adomain: string, adm: string) => ({
    id,
    impid,
    price: 1,
    w: 300,
    h: 250,
    crid: 'c',
    adomain: [adomain],
    adm,
  });
  return jsonResponse(200, {
    id: body.id,
    seatbid: [
      {
        bid: [
          bid('good', 'ok.com', '<div/>'),
          bid('bad', 'blocked.com', '<div/>'),
          bid('rich', 'ok.com', '<script src="mraid.js"></script>'),
        ],
      },
    ],
  });
}

/** One plan group of `[module_code, hook_impl_code]` pairs. */
export const group = (hooks: [string, string][], timeout = 100) => ({
  timeout,
  hook_sequence: hooks.map(([module_code, hook_impl_code]) => ({ module_code, hook_impl_code })),
});

/** The server config: bidder `alpha`, both built-in modules on, `stages` as the host plan of `endpoint`. */
export function config(stages: Obj, extra: Obj = {}, endpoint = '/openrtb2/auction') {
  return testConfig({
    ...extra,
    'ext-namespace': 'prebid',
    bidders: { alpha: { endpoint: 'http://alpha.test/', capabilities: { site: ['banner'] } } },
    hooks: {
      enabled: true,
      modules: {
        prebid: {
          ortb2blocking: {
            enabled: true,
            attributes: { badv: { enforce_blocks: true, blocked_adomain: ['blocked.com'] } },
          },
          'richmedia-filter': { enabled: true, 'filter-mraid': true },
        },
      },
      'host-execution-plan': { endpoints: { [endpoint]: { stages } } },
    },
  });
}
