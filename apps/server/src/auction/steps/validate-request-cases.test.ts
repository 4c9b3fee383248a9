// Step 4: one case per notes §7 rule, each expecting the upstream message (prebid namespace).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../../openrtb/types.js';
import { base, standardBidders, withImp } from '../request/fake-bidders-test-kit.js';
import { validateRequest } from './validate-request.js';

const registry = standardBidders();

// Upstream Go's rules: an unknown bidder or invalid params is a 400 (`drop` is tested in
// validate-request-invalid-bidders.test.ts).
const run = (req: unknown, ns: 'core' | 'prebid' = 'prebid') =>
  validateRequest(req as BidRequest, { ns, registry, invalidBidders: 'reject' });

const cases: [string, unknown, string][] = [
  ['missing id', base({ id: '' }), 'request missing required field: "id"'],
  ['negative tmax', base({ tmax: -2 }), 'request.tmax must be nonnegative. Got -2'],
  ['no imps', base({ imp: [] }), 'request.imp must contain at least one element.'],
  ['imp without id', base({ imp: [{}] }), 'request.imp[0] missing required field: "id"'],
  [
    'imp without media',
    withImp({ banner: undefined }),
    'request.imp[0] must contain at least one of "banner", "video", "audio", or "native"',
  ],
  [
    'metric',
    withImp({ banner: { w: 1, h: 1 }, metric: [{}] }),
    'request.imp[0].metric is not yet supported by prebid-server. Support may be added in the future',
  ],
  [
    'banner no size',
    withImp({ banner: { w: 300 } }),
    'request.imp[0].banner has no sizes. Define "w" and "h", or include "format" elements.',
  ],
  [
    'banner wmax',
    withImp({ banner: { wmax: 3, format: [{ w: 1, h: 1 }] } }),
    'request.imp[0].banner uses unsupported property: "wmax". Use the "format" array instead.',
  ],
  [
    'banner w negative',
    withImp({ banner: { w: -1, h: 5 } }),
    'request.imp[0].banner.w must be a positive number',
  ],
  [
    'format both',
    withImp({ banner: { format: [{ w: 3, h: 3, wmin: 1 }] } }),
    'Request imp[0].banner.format[0] should define *either* {w, h} *or* {wmin, wratio, hratio}, but not both. If both are valid, send two "format" objects in the request.',
  ],
  [
    'format empty',
    withImp({ banner: { format: [{}] } }),
    'Request imp[0].banner.format[0] should define *either* {w, h} (for static size requirements) *or* {wmin, wratio, hratio} (for flexible sizes) to be non-zero.',
  ],
  [
    'format no h',
    withImp({ banner: { format: [{ w: 3 }] } }),
    'Request imp[0].banner.format[0] must define non-zero "h" and "w" properties.',
  ],
  [
    'format ratios',
    withImp({ banner: { format: [{ wmin: 3, wratio: 1 }] } }),
    'Request imp[0].banner.format[0] must define non-zero "wmin", "wratio", and "hratio" properties.',
  ],
  [
    'video mimes',
    withImp({ banner: undefined, video: {} }),
    'request.imp[0].video.mimes must contain at least one supported MIME type',
  ],
  [
    'audio sequence',
    withImp({ audio: { mimes: ['audio/mp4'], sequence: -1 } }),
    'request.imp[0].audio.sequence must be a positive number',
  ],
  [
    'native no request',
    withImp({ banner: undefined, native: {} }),
    'request.imp[0].native missing required property "request"',
  ],
  [
    'native no assets',
    withImp({ native: { request: '{}' } }),
    'request.imp[0].native.request.assets must be an array containing at least one object',
  ],
  [
    'native duplicate ids',
    withImp({ native: { request: '{"assets":[{"id":1,"title":{"len":5}},{"id":1,"img":{}}]}' } }),
    'request.imp[0].native.request.assets[1].id is already being used by another asset. Each asset ID must be unique.',
  ],
  [
    'native two kinds',
    withImp({ native: { request: '{"assets":[{"title":{"len":5},"img":{}}]}' } }),
    'request.imp[0].native.request.assets[0] must define exactly one of {title, img, video, data}',
  ],
  [
    'native subtype',
    withImp({ native: { request: '{"context":2,"contextsubtype":12,"assets":[{"title":{"len":5}}]}' } }),
    'request.imp[0].native.request.context is 2, but contextsubtype is 12.',
  ],
  [
    'native tracker',
    withImp({
      native: { request: '{"assets":[{"title":{"len":5}}],"eventtrackers":[{"event":1,"methods":[]}]}' },
    }),
    'request.imp[0].native.request.eventtrackers[0].method is required.',
  ],
  [
    'pmp deal id',
    withImp({ pmp: { deals: [{}] } }),
    'request.imp[0].pmp.deals[0] missing required field: "id"',
  ],
  ['imp ext missing', base({ imp: [{ id: 'i', banner: { w: 1, h: 1 } }] }), 'request.imp[0].ext is required'],
  [
    'imp ext empty',
    withImp({ ext: {} }),
    'request.imp[0].ext.prebid.bidder must contain at least one bidder',
  ],
  [
    'unknown bidder (ns form)',
    withImp({ ext: { prebid: { bidder: { nobody: {} } } } }),
    'request.imp[0].ext.prebid.bidder contains unknown bidder: nobody. Did you forget an alias in request.ext.prebid.aliases?',
  ],
  [
    'params schema',
    withImp({ ext: { appnexus: { invalid: true } } }),
    'request.imp[0].ext.prebid.bidder.appnexus failed validation.\ninvalid: appnexus rejects it',
  ],
  [
    'site and app',
    base({ app: { id: 'a' } }),
    'No more than one of request.site or request.app or request.dooh can be defined',
  ],
  [
    'site without id/page',
    base({ site: {} }),
    'request.site should include at least one of request.site.id or request.site.page.',
  ],
  [
    'neither site nor app',
    base({ site: undefined }),
    'request.site should include at least one of request.site.id or request.site.page.',
  ],
  [
    'site amp',
    base({ site: { id: 's', ext: { amp: 2 } } }),
    'request.site.ext.amp must be either 1, 0, or undefined',
  ],
  [
    'alias to unknown',
    base({ ext: { prebid: { aliases: { a1: 'nobody' } } } }),
    'request.ext.prebid.aliases.a1 refers to unknown bidder: nobody',
  ],
  [
    'alias to disabled',
    base({ ext: { prebid: { aliases: { a1: 'offline' } } } }),
    'request.ext.prebid.aliases.a1 refers to disabled bidder: offline',
  ],
  [
    'no-op alias',
    base({ ext: { prebid: { aliases: { appnexus: 'appnexus' } } } }),
    'request.ext.prebid.aliases.appnexus defines a no-op alias. Choose a different alias, or remove this entry.',
  ],
  [
    'aliasgvlids unknown',
    base({ ext: { prebid: { aliasgvlids: { x: 5 } } } }),
    'request.ext.prebid.aliasgvlids. vendorId 5 refers to unknown bidder alias: x',
  ],
  [
    'aliasgvlids invalid',
    base({ ext: { prebid: { aliases: { x: 'rubicon' }, aliasgvlids: { x: 0 } } } }),
    'request.ext.prebid.aliasgvlids. Invalid vendorId 0 for alias: x. Choose a different vendorId, or remove this entry.',
  ],
  [
    'adjustment negative',
    base({ ext: { prebid: { bidadjustmentfactors: { appnexus: -2 } } } }),
    'request.ext.prebid.bidadjustmentfactors.appnexus must be a positive number. Got -2.000000',
  ],
  [
    'adjustment unknown',
    base({ ext: { prebid: { bidadjustmentfactors: { unknown: 1 } } } }),
    'request.ext.prebid.bidadjustmentfactors.unknown is not a known bidder or alias',
  ],
  [
    'adjustment case twins',
    base({ ext: { prebid: { bidadjustmentfactors: { appnexus: 1, APPNEXUS: 2 } } } }),
    'cannot have multiple bidders that differ only in case style',
  ],
  [
    'adjustment: mediatypes is not a bidder of the request level',
    base({
      ext: { prebid: { bidadjustmentfactors: { mediatypes: { video: { rubicon: 2 } }, appnexus: -2 } } },
    }),
    'request.ext.prebid.bidadjustmentfactors.appnexus must be a positive number. Got -2.000000',
  ],
  [
    'adjustment per media type',
    base({ ext: { prebid: { bidadjustmentfactors: { mediatypes: { video: { rubicon: 0 } } } } } }),
    'request.ext.prebid.bidadjustmentfactors.mediatypes.video.rubicon must be a positive number. Got 0.000000',
  ],
  [
    'schains twice',
    base({
      ext: {
        prebid: {
          schains: [
            { bidders: ['appnexus'], schain: {} },
            { bidders: ['appnexus'], schain: {} },
          ],
        },
      },
    }),
    'request.ext.prebid.schains contains multiple schains for bidder appnexus; it must contain no more than one per bidder.',
  ],
  [
    'eid source missing',
    base({ ext: { prebid: { data: { eidpermissions: [{ bidders: ['*'] }] } } } }),
    'request.ext.prebid.data.eidpermissions[0] missing required field: "source"',
  ],
  [
    'eid wildcard mixed',
    base({ ext: { prebid: { data: { eidpermissions: [{ source: 's', bidders: ['*', 'appnexus'] }] } } } }),
    'request.ext.prebid.data.eidpermissions[0] contains bidder wildcard "*" mixed with specific bidders',
  ],
  [
    'eid unknown bidder',
    base({ ext: { prebid: { data: { eidpermissions: [{ source: 's', bidders: ['zz'] }] } } } }),
    'request.ext.prebid.data.eidpermissions[0] contains unrecognized bidder "zz"',
  ],
  [
    'currency code',
    base({ ext: { prebid: { currency: { rates: { USD: { ZZZ: 2 } } } } } }),
    'currency code ZZZ is not recognized or malformed',
  ],
  [
    'cache without kinds',
    base({ ext: { prebid: { cache: {} } } }),
    'request.ext is invalid: request.ext.prebid.cache requires one of the "bids" or "vastxml" properties',
  ],
  [
    'granularity order',
    base({
      ext: {
        prebid: {
          targeting: {
            pricegranularity: {
              ranges: [
                { max: 5, increment: 1 },
                { max: 2, increment: 1 },
              ],
            },
          },
        },
      },
    }),
    'Price granularity error: range list must be ordered with increasing "max"',
  ],
  [
    'granularity increment',
    base({ ext: { prebid: { targeting: { pricegranularity: { ranges: [{ max: 5, increment: 0 }] } } } } }),
    'Price granularity error: increment must be a nonzero positive number',
  ],
  [
    'granularity precision',
    base({ ext: { prebid: { targeting: { pricegranularity: { precision: 16, ranges: [] } } } } }),
    'Price granularity error: precision of more than 15 significant figures is not supported',
  ],
  [
    'granularity name',
    base({ ext: { prebid: { targeting: { pricegranularity: 'superfine' } } } }),
    'Price granularity error: invalid string price granularity with value: superfine',
  ],
  [
    'buyeruids empty',
    base({ user: { ext: { prebid: {} } } }),
    'request.user.ext.prebid requires a "buyeruids" property with at least one ID defined. If none exist, then request.user.ext.prebid should not be defined.',
  ],
  [
    'buyeruids unknown',
    base({ user: { ext: { prebid: { buyeruids: { unknown: '1' } } } } }),
    'request.user.ext.unknown is neither a known bidder name nor an alias in request.ext.prebid.aliases',
  ],
  ['gdpr flag', base({ regs: { ext: { gdpr: 2 } } }), 'request.regs.ext.gdpr must be either 0 or 1'],
  ['device h', base({ device: { h: -1 } }), 'request.device.h must be a positive number'],
  [
    'device geo',
    base({ device: { geo: { accuracy: -1 } } }),
    'request.device.geo.accuracy must be a positive number',
  ],
  [
    'stored auction response all-or-none',
    base({
      imp: [
        { id: 'a', banner: { w: 1, h: 1 }, ext: { prebid: { storedauctionresponse: { id: 'x' } } } },
        { id: 'b', banner: { w: 1, h: 1 }, ext: { appnexus: {} } },
      ],
    }),
    'No StoredAuctionResponse data found for request.imp[1].ext.prebid',
  ],
  [
    'stored bid response for another bidder',
    withImp({
      ext: { prebid: { bidder: { appnexus: {} }, storedbidresponse: [{ bidder: 'rubicon', id: 'x' }] } },
    }),
    'Stored bid responses are specified for imp imp-1.',
  ],
  [
    'duplicate imp ids',
    base({
      imp: [
        { id: 'same', banner: { w: 1, h: 1 }, ext: { appnexus: {} } },
        { id: 'same', banner: { w: 1, h: 1 }, ext: { appnexus: {} } },
      ],
    }),
    'request.imp[0].id and request.imp[1].id are both "same". Imp IDs must be unique.',
  ],
  [
    'wrong JSON type names the field',
    base({ imp: [{ id: 'i', banner: 'big', ext: {} }] }),
    'request.imp[0].banner must be an object',
  ],
];

for (const [name, req, message] of cases) {
  test(`400: ${name}`, () => {
    const r = run(req);
    assert.ok(r.errors.length > 0, 'expected an error');
    assert.ok(
      r.errors.some((e) => e.includes(message)),
      `got ${JSON.stringify(r.errors)}`,
    );
  });
}
