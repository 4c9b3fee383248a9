// What the host adds to every bidder's request (upstream HoldAuction): ext.<ns>.server, the host
// supply-chain node, and the request-ext narrowing of alternate bidder codes and multibid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AuctionContext } from '../types.js';
import { standardBidders } from '../request/fake-bidders-test-kit.js';
import { splitBidders } from './split-bidders.js';
import { addServerInfo } from './server-info.js';
import { bidderRequestExt } from '../request/bidder-ext.js';
import { testContext } from '../context.testkit.js';

const registry = standardBidders();
const NODE = { asi: 'host.example', sid: '00001', rid: 'BidRequest', hp: 1 };

function ctx(request: Record<string, unknown>): AuctionContext {
  return testContext({
    request: {
      site: { page: 'https://p.example/' },
      imp: [{ id: '1', banner: { w: 1, h: 1 }, ext: { prebid: { bidder: { appnexus: {}, rubicon: {} } } } }],
      ...request,
    },
    account: { id: '' },
    startedAt: 0,
  });
}

test('server info is written into ext.<ns>.server, keeping the rest of ext; none configured → unchanged', () => {
  const c = ctx({ ext: { prebid: { debug: true }, other: 1 } });
  assert.equal(addServerInfo(c, undefined), c);
  const out = addServerInfo(c, { externalurl: 'https://x.example', gvlid: 42, datacenter: 'eu' });
  assert.deepEqual(out.request.ext, {
    prebid: { debug: true, server: { externalurl: 'https://x.example', gvlid: 42, datacenter: 'eu' } },
    other: 1,
  });
  assert.deepEqual(c.request.ext, { prebid: { debug: true }, other: 1 }, 'the original is not mutated');
});

test('host schain node: appended to the bidder chain, or to a new ver 1.0 chain when there is none', () => {
  const none = splitBidders(ctx({}), { registry, hostSchainNode: NODE });
  assert.deepEqual(none.requests[0]?.request.source, { ext: { schain: { ver: '1.0', nodes: [NODE] } } });
  const own = { complete: 1, ver: '1.0', nodes: [{ asi: 'pub.example', sid: '1', hp: 1 }] };
  const perBidder = splitBidders(
    ctx({ ext: { prebid: { schains: [{ bidders: ['rubicon'], schain: own }] } } }),
    { registry, hostSchainNode: NODE },
  );
  const rubicon = perBidder.requests.find((r) => r.bidder === 'rubicon');
  const appnexus = perBidder.requests.find((r) => r.bidder === 'appnexus');
  assert.deepEqual(rubicon?.request.source, { ext: { schain: { ...own, nodes: [...own.nodes, NODE] } } });
  assert.deepEqual(appnexus?.request.source, { ext: { schain: { ver: '1.0', nodes: [NODE] } } });
  assert.equal(own.nodes.length, 1, 'the request chain is not mutated');
  const withoutNode = splitBidders(ctx({}), { registry });
  assert.equal(withoutNode.requests[0]?.request.source, undefined);
});

test('request ext per bidder: own alternate codes (request, else account), own validated multibid, debug only when true', () => {
  const ext = {
    prebid: {
      debug: false,
      alternatebiddercodes: {
        enabled: true,
        bidders: { PubMatic: { enabled: true, allowedbiddercodes: ['groupm'] } },
      },
      multibid: [
        { bidder: 'pubmatic', maxbids: 2, targetbiddercodeprefix: 'pm' },
        { bidder: 'groupm', maxbids: 3 },
        { bidders: ['appnexus', 'pubmatic'], maxbids: 4 },
        { bidder: 'rubicon', maxbids: 2 },
      ],
    },
  };
  const pub = bidderRequestExt({ ext, ns: 'prebid', bidder: 'pubmatic', isAlias: false });
  assert.deepEqual(pub, {
    prebid: {
      alternatebiddercodes: {
        enabled: true,
        bidders: { pubmatic: { enabled: true, allowedbiddercodes: ['groupm'] } },
      },
      multibid: [
        { bidder: 'pubmatic', maxbids: 2, targetbiddercodeprefix: 'pm' },
        { bidder: 'groupm', maxbids: 3 },
      ],
    },
  });
  const apn = bidderRequestExt({
    ext: { prebid: { debug: true } },
    ns: 'prebid',
    bidder: 'appnexus',
    isAlias: false,
    accountAlternateCodes: { enabled: false },
  });
  assert.deepEqual(apn, { prebid: { debug: true, alternatebiddercodes: { enabled: false, bidders: null } } });
});
