// A floors model sent with every request (POST /openrtb2/auction): after the first body it is parsed
// once and shared by the bodies that repeat it (@gavel/common json-repeated-blocks.ts), deep-frozen.
// Every auction after the first must answer as the first did, and nothing in the pipeline may write
// into the shared model (a write would throw: a 500).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OutgoingRequest } from '../bidders/types.js';
import type { BidRequest } from '../openrtb/types.js';
import { buildTestApp, jsonResponse, scriptedTransport, testConfig } from '../../test/harness.js';

type Obj = Record<string, unknown>;

/** Each bidder answers two bids on every imp: `price` and `price / 2`. */
function twoBids(req: OutgoingRequest, price: number) {
  const body = JSON.parse(req.body ?? '{}') as BidRequest;
  const bids = body.imp.flatMap((imp) =>
    [price, price / 2].map((p, i) => ({
      id: `${imp.id}-${i}`,
      impid: imp.id,
      price: p,
      w: 300,
      h: 250,
      crid: 'c',
      adm: '<div/>',
    })),
  );
  return jsonResponse(200, { id: body.id, cur: 'USD', seatbid: [{ bid: bids }] });
}

/** A 40-rule model on mediaType|size|domain (well over the 512 characters a kept block needs). */
function floorsModel() {
  const values: Record<string, number> = {};
  for (let i = 0; i < 40; i++) values[`banner|${300 + i}x250|p.example`] = 0.5 + i / 10;
  values['banner|300x250|*'] = 1.0;
  values['banner|728x90|*'] = 0.9;
  return {
    floormin: 0.01,
    enforcement: { enforcepbs: true, bidadjustment: true },
    data: {
      currency: 'USD',
      modelgroups: [
        { modelversion: 'v1', schema: { fields: ['mediaType', 'size', 'domain'] }, values, default: 0.2 },
      ],
    },
  };
}

const request = {
  id: 'r',
  test: 1,
  site: { page: 'https://p.example/', domain: 'p.example', publisher: { id: 'acc' } },
  imp: ['i1', 'i2'].map((id, n) => ({
    id,
    banner: { format: [n === 0 ? { w: 300, h: 250 } : { w: 728, h: 90 }] },
    ext: { prebid: { bidder: { alpha: {}, beta: {} } } },
  })),
  ext: {
    prebid: {
      debug: true,
      returnallbidstatus: true,
      targeting: { includewinners: true, includebidderkeys: true, pricegranularity: 'dense' },
      floors: floorsModel(),
      bidadjustmentfactors: { alpha: 0.9 },
      bidadjustments: { mediatype: { banner: { beta: { '*': [{ adjtype: 'multiplier', value: 2 }] } } } },
      multibid: [{ bidder: 'alpha', maxbids: 2, targetbiddercodeprefix: 'alt' }],
    },
  },
};

/** What must not differ between two answers to the same request (not timings). */
function essentials(out: Obj, sent: { uri: string; body: Obj }[]) {
  const ext = out['ext'] as Obj;
  const debug = ext['debug'] as Obj | undefined;
  return {
    seatbid: out['seatbid'],
    seatnonbid: (ext['prebid'] as Obj)['seatnonbid'],
    warnings: ext['warnings'],
    errors: ext['errors'],
    resolved: debug?.['resolvedrequest'],
    sent: sent.map((s) => s.body).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  };
}

test('the same floors model in every body: each auction answers as the first, nothing writes into the model', async () => {
  let sent: { uri: string; body: Obj }[] = [];
  const transport = scriptedTransport((req) => {
    sent.push({ uri: req.uri, body: JSON.parse(req.body ?? '{}') as Obj });
    return twoBids(req, req.uri.includes('alpha') ? 1.5 : 0.8);
  });
  const app = await buildTestApp(
    testConfig({
      'ext-namespace': 'prebid',
      'price-floors': { enabled: true, 'default-account': { enabled: true } },
      bidders: {
        alpha: { endpoint: 'http://alpha.test/', capabilities: { site: ['banner'] } },
        beta: { endpoint: 'http://beta.test/', capabilities: { site: ['banner'] } },
      },
    }),
    { transport },
  );
  const answers = [];
  for (let i = 0; i < 4; i++) {
    sent = [];
    // The body as Prebid.js writes it (compact JSON): the model's text repeats byte for byte.
    const res = await app.publicApp.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(request),
    });
    assert.equal(res.statusCode, 200, res.body);
    answers.push(essentials(res.json<Obj>(), sent));
  }
  const [first, ...rest] = answers;
  const seats = first?.seatbid as { bid: unknown[] }[];
  assert.ok(
    seats.length > 0 && (first?.seatnonbid as unknown[]).length > 0,
    'bids kept and bids under the floor',
  );
  assert.ok((first?.sent as BidRequest[]).every((b) => b.imp.every((imp) => (imp.bidfloor ?? 0) > 0)));
  for (const answer of rest) assert.deepEqual(answer, first);
  // A broken body holding the kept model's text: the 400 of any bad JSON, naming the body.
  const broken = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(request).slice(0, -2),
  });
  assert.equal(broken.statusCode, 400);
  assert.match(broken.body, /^Invalid request: error decoding request body: /);
  await app.closeResources();
});
