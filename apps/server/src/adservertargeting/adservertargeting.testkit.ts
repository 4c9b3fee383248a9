// Requests and responses of the shared fixtures (endpoints/sample-requests/adservertargeting/*.json)
// and of G's adservertargeting tests (test_data.go), for the unit tests of this folder.
import type { Bid, BidRequest, BidResponse } from '../openrtb/types.js';

export interface RuleJson {
  key?: unknown;
  source?: unknown;
  value?: unknown;
}

/** The fixtures' mockBidRequest (resolved), with `rules` as `ext.{ns}.adservertargeting`. */
export function fixtureRequest(rules: readonly RuleJson[], ns = 'prebid'): BidRequest {
  return {
    id: 'some-request-id',
    site: {
      page: 'prebid.org',
      content: { episode: 6, title: 'episodeName', series: 'TvName', season: 'season3', len: 900 },
    },
    user: {
      ext: {
        consent: 'gdpr-consent-string',
        [ns]: { buyeruids: { appnexus: 'override-appnexus-id-in-cookie' } },
      },
    },
    regs: { ext: { gdpr: 1, us_privacy: '1NYN' } },
    imp: [
      {
        id: 'some-impression-id',
        video: { mimes: ['video/mp4'], maxduration: 30, protocols: [2, 3], w: 640, h: 480 },
        ext: {
          appnexus: { placementId: 12883452 },
          rubicon: { accountId: 1001, siteId: 113932, zoneId: 535510 },
        },
      },
    ],
    tmax: 500,
    ext: {
      [ns]: {
        aliases: { districtm: 'appnexus' },
        bidadjustmentfactors: { appnexus: 1.01, districtm: 0.98, rubicon: 0.99 },
        cache: { bids: {} },
        channel: { name: 'video', version: '1.0' },
        adservertargeting: rules,
      },
    },
  };
}

function fixtureBid(seat: string, price: number, ns: string): Bid {
  return {
    id: `${seat}-bid`,
    impid: 'some-impression-id',
    price,
    ext: { origbidcpm: 1, origbidcur: 'USD', [ns]: { meta: { adaptercode: seat }, type: 'banner' } },
  };
}

/** The fixtures' auction response before ad-server targeting (mock bidders at 1.0 × adjustment). */
export function fixtureResponse(ns = 'prebid'): BidResponse {
  return {
    id: 'some-request-id',
    seatbid: [
      { bid: [fixtureBid('appnexus', 1.01, ns)], seat: 'appnexus' },
      { bid: [fixtureBid('rubicon', 0.99, ns)], seat: 'rubicon' },
    ],
    bidid: 'test bid id',
    cur: 'USD',
    nbr: 0,
  };
}

/** The targeting both fixture bids get from the fixtures' valid rules (`all-valid.json`). */
export function fixtureValidTargeting(seat: string, price: string): Record<string, string> {
  return {
    [`adt_${seat}_impid`]: 'some-impression-id',
    adt_custom2: price,
    adt_hb_req_imp_h: '480',
    adt_hb_req_imp_maxdu: '30',
    adt_hb_req_imp_w: '640',
    adt_hb_req_site_cont: 'season3',
    adt_hb_static_thing: 'test-static-value',
  };
}

/** The fixtures' seven valid rules. */
export const FIXTURE_VALID_RULES: readonly RuleJson[] = [
  { key: 'adt_hb_req_imp_maxduration', source: 'bidrequest', value: 'imp.video.maxduration' },
  { key: 'adt_hb_req_imp_w', source: 'bidrequest', value: 'imp.video.w' },
  { key: 'adt_hb_req_imp_h', source: 'bidrequest', value: 'imp.video.h' },
  { key: 'adt_hb_req_site_contest_param', source: 'bidrequest', value: 'site.content.season' },
  { key: 'adt_hb_static_thing', source: 'static', value: 'test-static-value' },
  { key: 'adt_{{BIDDER}}_impid', source: 'bidresponse', value: 'seatbid.bid.impid' },
  { key: 'adt_custom2', source: 'bidresponse', value: 'seatbid.bid.price' },
];

/** The fixtures' three request rules whose values are objects or arrays. */
export const FIXTURE_WRONG_TYPE_RULES: readonly RuleJson[] = [
  { key: 'adt_hb_req_imp_maxduration', source: 'bidrequest', value: 'imp.video.mimes' },
  { key: 'adt_hb_req_imp_w', source: 'bidrequest', value: 'imp.video' },
  { key: 'adt_hb_req_site_contest_param', source: 'bidrequest', value: 'site.content' },
];

export const WRONG_TYPE_MESSAGES: readonly string[] = [
  'incorrect value type for path: imp.video.mimes, value can only be string or number',
  'incorrect value type for path: imp.video, value can only be string or number',
  'incorrect value type for path: site.content, value can only be string or number',
];

/** G test_data.go reqExt's rules. */
export const GO_REQ_EXT_RULES: readonly RuleJson[] = [
  { key: 'hb_amp_param', source: 'bidrequest', value: 'ext.prebid.amp.data.ampkey' },
  { key: 'hb_req_imp_ext_param', source: 'bidrequest', value: 'imp.ext.prebid.test' },
  { key: 'hb_req_imp_ext_bidder_param', source: 'bidrequest', value: 'imp.ext.bidder1.tagid' },
  { key: 'hb_req_imp_param', source: 'bidrequest', value: 'imp.bidfloor' },
  { key: 'hb_req_ext_param', source: 'bidrequest', value: 'ext.prebid.targeting.includebrandcategory' },
  { key: 'hb_req_user_param', source: 'bidrequest', value: 'user.yob' },
  { key: 'hb_static_thing', source: 'static', value: 'test-static-value' },
  { key: '{{BIDDER}}_custom1', source: 'bidresponse', value: 'seatbid.bid.ext.custom1' },
  { key: 'custom2', source: 'bidresponse', value: 'seatbid.bid.ext.custom2' },
  { key: '{{BIDDER}}_imp', source: 'bidresponse', value: 'seatbid.bid.impid' },
  { key: 'seat_cur', source: 'bidresponse', value: 'cur' },
];

/** G TestExtractAdServerTargeting's request (Go omits zero bidfloor / yob when marshalling). */
export function goRequest(full: boolean): BidRequest {
  const imp = (n: number) => ({
    id: `imp${n}`,
    ...(full ? { bidfloor: n * 10 } : {}),
    ext: {
      prebid: full
        ? { is_rewarded_inventory: 1, test: { testUser: `user${n}` } }
        : { is_rewarded_inventory: 1 },
      other: 'otherImp',
      bidder1: full ? { tagid: n * 111, placementId: `test${n}` } : { placementId: `test${n}` },
    },
  });
  return {
    id: 'anyID',
    imp: [imp(1), imp(2), imp(3)],
    user: full
      ? { id: 'testUser', yob: 2000, keywords: 'keywords' }
      : { id: 'testUser', keywords: 'keywords' },
    ext: {
      prebid: {
        adservertargeting: GO_REQ_EXT_RULES,
        targeting: {
          includewinners: false,
          includebidderkeys: true,
          includebrandcategory: { primaryadserver: 1, publisher: '', withcategory: true },
        },
      },
    },
  };
}

/** G's three appnexus and three rubicon bids (bidA1..3 on imp1..3, bidR1..3), with `ext` per bid. */
export function goResponse(
  bidExt: (seat: 'appnexus' | 'rubicon', n: number) => Record<string, unknown>,
): BidResponse {
  const bids = (seat: 'appnexus' | 'rubicon', letter: string, price: (n: number) => number) =>
    [1, 2, 3].map((n) => ({
      id: `bid${letter}${n}`,
      impid: `imp${n}`,
      price: price(n),
      cat: [`cat${n}1`, `cat${n}2`],
      ext: bidExt(seat, n),
    }));
  return {
    id: 'testResponse',
    cur: 'USD',
    seatbid: [
      { seat: 'appnexus', bid: bids('appnexus', 'A', (n) => n * 10), ext: { testData: { foo: 'barApn' } } },
      { seat: 'rubicon', bid: bids('rubicon', 'R', (n) => n * 11), ext: { testData: { foo: 'barRubicon' } } },
    ],
    ext: { prebid: { seatExt: 'true' } },
  };
}

/** Recursively freezes a value so a test fails if the code under test writes to it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
