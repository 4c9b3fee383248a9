// The money-side features through a whole auction (POST /openrtb2/auction, the generic adapter over
// a scripted transport): request floors signalled and enforced with seat-non-bid, rule-based bid
// adjustments, multibid targeting codes, event URLs and first-party data per bidder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OutgoingRequest } from '../bidders/types.js';
import type { BidRequest } from '../openrtb/types.js';
import { buildTestApp, jsonResponse, scriptedTransport, testConfig } from '../../test/harness.js';

type Obj = Record<string, unknown>;

/** Each bidder answers two bids on imp[0]: `price` and `price / 2`. */
function twoBids(req: OutgoingRequest, price: number) {
  const body = JSON.parse(req.body ?? '{}') as BidRequest;
  const impid = body.imp[0]?.id;
  const bid = (id: string, p: number) => ({ id, impid, price: p, w: 300, h: 250, crid: 'c', adm: '<div/>' });
  return jsonResponse(200, {
    id: body.id,
    cur: 'USD',
    seatbid: [{ bid: [bid('hi', price), bid('lo', price / 2)] }],
  });
}

function config() {
  return testConfig({
    'ext-namespace': 'prebid',
    'price-floors': { enabled: true, 'default-account': { enabled: true } },
    bidders: {
      alpha: { endpoint: 'http://alpha.test/', capabilities: { site: ['banner'] } },
      beta: { endpoint: 'http://beta.test/', capabilities: { site: ['banner'] } },
    },
  });
}

const request = {
  id: 'r',
  site: { page: 'https://p.example/', domain: 'p.example', publisher: { id: 'acc' } },
  imp: [
    {
      id: 'i1',
      banner: { format: [{ w: 300, h: 250 }] },
      ext: { prebid: { bidder: { alpha: {}, beta: {} } } },
    },
  ],
  ext: {
    prebid: {
      returnallbidstatus: true,
      events: {},
      targeting: { includewinners: true, includebidderkeys: true, pricegranularity: 'dense' },
      floors: { data: { modelgroups: [{ schema: { fields: ['mediaType'] }, values: { banner: 1.0 } }] } },
      bidadjustments: { mediatype: { banner: { beta: { '*': [{ adjtype: 'multiplier', value: 2 }] } } } },
      multibid: [{ bidder: 'alpha', maxbids: 2, targetbiddercodeprefix: 'alt' }],
      bidderconfig: [{ bidders: ['beta'], config: { ortb2: { site: { keywords: 'beta-only' } } } }],
    },
  },
};

test('floors, bid adjustment rules, multibid, events and bidder FPD in one auction', async () => {
  const sent: { uri: string; body: Obj }[] = [];
  const transport = scriptedTransport((req) => {
    sent.push({ uri: req.uri, body: JSON.parse(req.body ?? '{}') as Obj });
    return twoBids(req, req.uri.includes('alpha') ? 3 : 1.5);
  });
  const app = await buildTestApp(config(), { transport });
  const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: request });
  assert.equal(res.statusCode, 200, res.body);
  const out = res.json<{
    seatbid: { seat: string; bid: { id: string; price: number; ext: Obj }[] }[];
    ext: Obj;
  }>();

  // Floors signalled to every bidder; FPD only to beta.
  const alphaReq = sent.find((s) => s.uri.includes('alpha'))?.body as unknown as BidRequest;
  const betaReq = sent.find((s) => s.uri.includes('beta'))?.body as unknown as BidRequest;
  assert.equal(alphaReq.imp[0]?.bidfloor, 1);
  assert.equal(alphaReq.site?.['keywords'], undefined);
  assert.equal(betaReq.site?.['keywords'], 'beta-only');

  // beta's 1.5 doubled by the rule → 3; its 0.75 doubled → 1.5; alpha's 1.5 kept, nothing under 1.
  const bids = new Map(out.seatbid.flatMap((s) => s.bid.map((b) => [`${s.seat}/${b.id}`, b])));
  assert.equal(bids.get('beta/hi')?.price, 3);
  assert.equal(bids.get('beta/lo')?.price, 1.5);
  // alpha's second bid gets multibid keys under `alt2` and echoes its targeting code.
  const alphaLo = bids.get('alpha/lo')?.ext['prebid'] as Obj;
  assert.equal((alphaLo['targeting'] as Obj)['hb_pb_alt2'], '1.50');
  assert.equal(alphaLo['targetbiddercode'], 'alt2');
  // Events on by the request: win/imp URLs on banner bids.
  const events = (bids.get('alpha/hi')?.ext['prebid'] as Obj)['events'] as Obj;
  assert.match(String(events['win']), /\/event\?t=win&b=hi&a=acc&bidder=alpha/);
  await app.closeResources();
});

test('bids under the floor become seat-non-bid 301 with returnallbidstatus', async () => {
  const transport = scriptedTransport((req) => twoBids(req, 1.2));
  const app = await buildTestApp(config(), { transport });
  const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: request });
  assert.equal(res.statusCode, 200, res.body);
  const out = res.json<{
    seatbid: { seat: string; bid: { id: string }[] }[];
    ext: { prebid: Obj; warnings: Obj };
  }>();
  assert.deepEqual(
    out.seatbid.map((s) => [s.seat, s.bid.map((b) => b.id).sort()]).sort(),
    [
      ['alpha', ['hi']],
      ['beta', ['hi', 'lo']],
    ],
    "alpha's 0.60 is under the 1.00 floor; beta's are doubled by the rule first",
  );
  const nonbid = out.ext.prebid['seatnonbid'] as {
    seat: string;
    nonbid: { impid: string; statuscode: number }[];
  }[];
  assert.deepEqual(nonbid, [
    {
      seat: 'alpha',
      nonbid: [
        {
          impid: 'i1',
          statuscode: 301,
          ext: { prebid: { bid: { price: 0.6, w: 300, h: 250, origbidcpm: 0.6, origbidcur: 'USD' } } },
        },
      ],
    },
  ]);
  assert.equal((out.ext.warnings['prebid'] as { code: number }[])[0]?.code, 10009);
  await app.closeResources();
});

/** The sample request with imp[0] (or `imp`) and `prebid` merged over its targeting. */
function withExt(prebid: Obj, imp?: Obj) {
  return {
    ...request,
    imp: [imp ?? request.imp[0]],
    ext: { prebid: { targeting: { includewinners: true }, ...prebid } },
  };
}

/** Bad money-side requests: name, payload, what the 400's body must say. */
function badMoneyCases(): [string, unknown, RegExp][] {
  return [
    ['multibid not a list', withExt({ multibid: 'x' }), /multibid/],
    [
      'alternatebiddercodes of the wrong type',
      withExt({ alternatebiddercodes: { enabled: 'yes' } }),
      /alternatebiddercodes/,
    ],
    [
      'imp FPD that makes the imp invalid',
      withExt(
        {},
        {
          id: 'i1',
          banner: { format: [{ w: 300, h: 250 }] },
          ext: {
            prebid: { bidder: { alpha: {} }, imp: { alpha: { banner: { format: [{ w: -1, h: 1 }] } } } },
          },
        },
      ),
      /merging bidder imp first party data for imp i1 results in an invalid imp/,
    ],
    [
      'two bidderconfig entries for one bidder',
      withExt({
        bidderconfig: [
          { bidders: ['alpha'], config: { ortb2: {} } },
          { bidders: ['alpha'], config: { ortb2: {} } },
        ],
      }),
      /multiple First Party Data bidder configs provided for bidder: alpha/,
    ],
    [
      'an unknown primary ad server',
      withExt({
        targeting: { includewinners: true, includebrandcategory: { primaryadserver: 7, withcategory: true } },
      }),
      /Primary ad server 7 not recognized/,
    ],
  ];
}

test('bad money-side input answers 400 naming the field, never 5xx', async () => {
  const transport = scriptedTransport((req) => twoBids(req, 1.2));
  const app = await buildTestApp(config(), { transport });
  for (const [name, payload, message] of badMoneyCases()) {
    const body =
      name === 'an unknown primary ad server'
        ? { ...(payload as Obj), ext: (payload as Obj)['ext'] }
        : payload;
    const res = await app.publicApp.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      payload: body as Obj,
    });
    assert.equal(res.statusCode, 400, `${name}: ${res.body}`);
    assert.match(res.body, /^Invalid request: /, name);
    assert.match(res.body, message, name);
  }
  await app.closeResources();
});
