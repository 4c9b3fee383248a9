import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSequentialIds } from '@gavel/common';
import type { BidRequest } from '../../openrtb/types.js';
import { createMemorySource, type MemoryTables } from '../../stored/memory-source.js';
import { groupStoredSeatBids } from '../../stored/stored-responses.js';
import { resolveStored, type ResolveStoredEnv } from './resolve-stored.js';

const TABLES: MemoryTables = {
  request: {
    r1: JSON.stringify({
      id: '{{UUID}}',
      tmax: 500,
      cur: ['EUR', 'USD'],
      site: { page: 'p', publisher: { id: 'acc' } },
    }),
    r2: JSON.stringify({ id: 'stored-id', imp: [{ id: 'from-stored' }], ext: { prebid: { debug: true } } }),
    broken: '{"tmax": 500}}',
  },
  imp: {
    i1: JSON.stringify({
      id: 'adUnit1',
      banner: { format: [{ w: 1, h: 1 }] },
      ext: { appnexus: { placementId: 1 } },
    }),
    i2: JSON.stringify({
      banner: { format: [{ w: 300, h: 250 }] },
      ext: { prebid: { storedrequest: { id: 'i1' } } },
    }),
    bad: '{"id": "x" "ext": {}}',
  },
  response: {
    sar1: JSON.stringify([{ seat: 'appnexus', bid: [{ id: 'b1', impid: 'whatever', price: 5 }] }]),
    sar2: JSON.stringify([
      { seat: 'appnexus', bid: [{ id: 'b2', price: 1 }] },
      { seat: 'rubicon', bid: [{ id: 'b3', price: 2 }] },
    ]),
    sbr1: '{"id":"resp","seatbid":[{"bid":[{"id":"x","impid":"y","price":1}]}]}',
  },
};

function env(over: Partial<ResolveStoredEnv> = {}): ResolveStoredEnv {
  return {
    ns: 'prebid',
    store: createMemorySource(TABLES),
    ids: createSequentialIds('uuid-'),
    generateRequestId: false,
    canonicalBidder: (n) => (['appnexus', 'telaria'].includes(n.toLowerCase()) ? n.toLowerCase() : undefined),
    ...over,
  };
}

const req = (r: unknown) => r as BidRequest;

test('stored request is a merge patch under the incoming request (incoming wins, arrays replaced)', async () => {
  const incoming = req({
    imp: [{ id: 'x', banner: {} }],
    cur: ['USD'],
    site: { publisher: { name: 'n' } },
    ext: { prebid: { storedrequest: { id: 'r1' } } },
  });
  const before = JSON.stringify(incoming);
  const out = await resolveStored(incoming, env());
  assert.deepEqual(out.errors, []);
  assert.deepEqual(out.request, {
    id: 'uuid-0',
    tmax: 500,
    cur: ['USD'],
    site: { page: 'p', publisher: { id: 'acc', name: 'n' } },
    imp: [{ id: 'x', banner: {} }],
    ext: { prebid: { storedrequest: { id: 'r1' } } },
  });
  assert.equal(JSON.stringify(incoming), before, 'the incoming request is not modified');
});

test('{{UUID}} only when the id comes out as the literal; the host option replaces any stored id', async () => {
  const incoming = req({ ext: { prebid: { storedrequest: { id: 'r2' } } } });
  const kept = await resolveStored(incoming, env());
  assert.equal(kept.request.id, 'stored-id');
  assert.equal(kept.request.imp[0]?.id, 'from-stored');
  const fresh = await resolveStored(incoming, env({ generateRequestId: true }));
  assert.equal(fresh.request.id, 'uuid-0');
  const noStored = await resolveStored(req({ id: '{{UUID}}', imp: [] }), env({ generateRequestId: true }));
  assert.equal(noStored.request.id, '{{UUID}}', 'only requests built from a stored request');
});

test('stored imps merge per imp by their own id, not recursively', async () => {
  const incoming = req({
    id: 'r',
    imp: [
      { id: 'mine', ext: { prebid: { storedrequest: { id: 'i1' } }, appnexus: { placementId: 2 } } },
      { ext: { prebid: { storedrequest: { id: 'i2' } } } },
      { id: 'plain' },
    ],
  });
  const out = await resolveStored(incoming, env());
  assert.deepEqual(out.errors, []);
  assert.deepEqual(out.request.imp[0], {
    id: 'mine',
    banner: { format: [{ w: 1, h: 1 }] },
    ext: { prebid: { storedrequest: { id: 'i1' } }, appnexus: { placementId: 2 } },
  });
  // i2 itself names i1: not resolved (not recursive); the incoming imp's ext wins.
  assert.deepEqual(out.request.imp[1], {
    banner: { format: [{ w: 300, h: 250 }] },
    ext: { prebid: { storedrequest: { id: 'i2' } } },
  });
  assert.deepEqual(out.request.imp[2], { id: 'plain' });
});

test('unknown ids → 400 lines naming them; ids must be strings; broken JSON names the document', async () => {
  const missing = await resolveStored(
    req({
      imp: [{ ext: { prebid: { storedrequest: { id: 'nope' } } } }],
      ext: { prebid: { storedrequest: { id: 'gone' } } },
    }),
    env(),
  );
  assert.deepEqual(missing.errors, [
    'Stored Request with ID="gone" not found.',
    'Stored Imp with ID="nope" not found.',
  ]);
  const typed = await resolveStored(req({ imp: [], ext: { prebid: { storedrequest: { id: 1 } } } }), env());
  assert.deepEqual(typed.errors, ['ext.prebid.storedrequest.id must be a string']);
  const core = await resolveStored(
    req({ imp: [], ext: { core: { storedrequest: { id: 1 } } } }),
    env({ ns: 'core' }),
  );
  assert.deepEqual(core.errors, ['ext.core.storedrequest.id must be a string']);
  const broken = await resolveStored(
    req({ imp: [{ ext: { prebid: { storedrequest: { id: 'bad' } } } }] }),
    env(),
  );
  assert.match(
    broken.errors[0] ?? '',
    /^imp\.ext\.prebid\.storedrequest\.id bad: Stored Imp has Invalid JSON Document/,
  );
  const brokenReq = await resolveStored(
    req({ imp: [], ext: { prebid: { storedrequest: { id: 'broken' } } } }),
    env(),
  );
  assert.match(brokenReq.errors[0] ?? '', /refers to Stored Request broken which contains Invalid JSON/);
});

test('stored auction responses: impid overwritten per imp, grouped by seat across imps', async () => {
  const incoming = req({
    id: 'r',
    imp: [
      { id: 'imp-1', ext: { prebid: { storedauctionresponse: { id: 'sar1' } } } },
      { id: 'imp-2', ext: { prebid: { storedauctionresponse: { id: 'sar2' } } } },
    ],
  });
  const out = await resolveStored(incoming, env());
  assert.deepEqual(out.errors, []);
  assert.equal(out.storedAuctionResponses.get('imp-1')?.[0]?.bid[0]?.impid, 'imp-1');
  const grouped = groupStoredSeatBids(out.storedAuctionResponses);
  assert.deepEqual(
    grouped.map((s) => [s.seat, s.bid.map((b) => `${b.id}@${b.impid}`)]),
    [
      ['appnexus', ['b1@imp-1', 'b2@imp-2']],
      ['rubicon', ['b3@imp-2']],
    ],
  );
  assert.equal(JSON.parse(TABLES.response!.sar1!)[0].bid[0].impid, 'whatever', 'stored copy untouched');
});

test('stored auction responses: all or none, id required, unknown id', async () => {
  const some = await resolveStored(
    req({
      id: 'r',
      imp: [
        { id: 'a', ext: { prebid: { storedauctionresponse: { id: 'sar1' } } } },
        { id: 'b', ext: {} },
      ],
    }),
    env(),
  );
  assert.match(
    some.errors[0] ?? '',
    /must be completely present with, or completely absent from, all impressions.*request\.imp\[1\]\.ext\.prebid$/,
  );
  const noId = await resolveStored(
    req({ id: 'r', imp: [{ id: 'a', ext: { prebid: { storedauctionresponse: {} } } }] }),
    env(),
  );
  assert.deepEqual(noId.errors, [
    'request.imp[0] has ext.prebid.storedauctionresponse specified, but "id" field is missing',
  ]);
  const unknown = await resolveStored(
    req({ id: 'r', imp: [{ id: 'a', ext: { prebid: { storedauctionresponse: { id: 'zz' } } } }] }),
    env(),
  );
  assert.deepEqual(unknown.errors, [
    'failed to fetch stored auction response for impId = a and storedAuctionResponse id = zz',
  ]);
});

test('stored bid responses: bidder matched case-insensitively, params kept for validation, replaceimpid kept', async () => {
  const incoming = req({
    id: 'r',
    imp: [
      {
        id: 'imp-1',
        ext: {
          prebid: {
            bidder: { appnexus: { placementId: 1 }, rubicon: { accountId: 2 } },
            storedbidresponse: [{ bidder: 'APPNEXUS', id: 'sbr1', replaceimpid: false }],
          },
        },
      },
      {
        id: 'imp-2',
        ext: {
          telaria: { seatCode: 'x' },
          prebid: { storedbidresponse: [{ bidder: 'Telaria', id: 'sbr1' }] },
        },
      },
    ],
  });
  const out = await resolveStored(incoming, env());
  assert.deepEqual(out.errors, []);
  assert.deepEqual(Object.keys(out.storedBidResponses.bodies).sort(), ['appnexus', 'telaria']);
  assert.equal(out.storedBidResponses.bodies['appnexus']?.['imp-1'], TABLES.response!.sbr1);
  assert.deepEqual(out.storedBidResponses.replaceImpId, {
    appnexus: { 'imp-1': false },
    telaria: { 'imp-2': true },
  });
  const ext0 = out.request.imp[0]?.ext?.['prebid'] as { bidder: unknown };
  assert.deepEqual(ext0['bidder'], { appnexus: { placementId: 1 }, rubicon: { accountId: 2 } });
  assert.deepEqual(out.request.imp[1]?.ext?.['telaria'], { seatCode: 'x' });
  const missing = await resolveStored(
    req({ id: 'r', imp: [{ id: 'a', ext: { prebid: { storedbidresponse: [{ id: 'x' }] } } }] }),
    env(),
  );
  assert.match(
    missing.errors[0] ?? '',
    /storedbidresponse specified, but "id" or\/and "bidder" fields are missing/,
  );
  const unknown = await resolveStored(
    req({
      id: 'r',
      imp: [{ id: 'a', ext: { prebid: { storedbidresponse: [{ bidder: 'appnexus', id: 'nope' }] } } }],
    }),
    env(),
  );
  assert.deepEqual(unknown.errors, [
    'failed to fetch stored bid response for impId = a, bidder = appnexus and storedBidResponse id = nope',
  ]);
});

test('stored references inside stored imps are honoured (merged first), and nothing is fetched without references', async () => {
  const store = createMemorySource({
    imp: { withSar: JSON.stringify({ id: 'z', ext: { core: { storedauctionresponse: { id: 'sar1' } } } }) },
    response: TABLES.response!,
  });
  const out = await resolveStored(
    req({ id: 'r', imp: [{ ext: { core: { storedrequest: { id: 'withSar' } } } }] }),
    env({ ns: 'core', store }),
  );
  assert.equal(out.storedAuctionResponses.get('z')?.[0]?.bid[0]?.impid, 'z');
  const calls = store.calls;
  await resolveStored(req({ id: 'r', imp: [{ id: 'q' }] }), env({ ns: 'core', store }));
  assert.equal(store.calls, calls);
});
