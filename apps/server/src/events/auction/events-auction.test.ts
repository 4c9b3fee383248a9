// Ports G exchange/events_test.go (makeBidExtEvents, modifyBidJSON, isEventAllowed) and the request /
// account switches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  auctionEventsContext,
  bidEvents,
  cachedBidWithWinUrl,
  decorateBid,
  eventsEnabled,
  integrationOf,
  type AuctionEventsContext,
} from './index.js';
import type { MediaType } from '../../bidders/types.js';

const BASE = 'http://localhost';
const ctxOf = (enabled: boolean): AuctionEventsContext => ({
  enabled,
  externalUrl: BASE,
  accountId: '123456',
  timestamp: 1234567890,
  integration: '',
});
const evts = (b: string) => ({
  win: `${BASE}/event?t=win&b=${b}&a=123456&bidder=openx&ts=1234567890`,
  imp: `${BASE}/event?t=imp&b=${b}&a=123456&bidder=openx&ts=1234567890`,
});

// G Test_eventsData_makeBidExtEvents
const makeBidExtEventsCases: {
  name: string;
  account: boolean;
  request: boolean;
  type: MediaType;
  generated?: string;
  want: ReturnType<typeof evts> | undefined;
}[] = [
  {
    name: 'banner, request on, account off',
    account: false,
    request: true,
    type: 'banner',
    want: evts('BID-1'),
  },
  {
    name: 'banner, account on, request off',
    account: true,
    request: false,
    type: 'banner',
    want: evts('BID-1'),
  },
  { name: 'banner, both off', account: false, request: false, type: 'banner', want: undefined },
  { name: 'video, both on', account: true, request: true, type: 'video', want: undefined },
  { name: 'video, both off', account: false, request: false, type: 'video', want: undefined },
  {
    name: 'banner, generated bid id used',
    account: false,
    request: true,
    type: 'banner',
    generated: 'randomId',
    want: evts('randomId'),
  },
];

for (const c of makeBidExtEventsCases) {
  test(`bid events (G makeBidExtEvents): ${c.name}`, () => {
    const enabled = eventsEnabled({
      requestExt: c.request ? { events: {} } : {},
      accountEventsEnabled: c.account,
    });
    const out = decorateBid(
      ctxOf(enabled),
      {
        seat: 'openx',
        type: c.type,
        bid: { id: 'BID-1' },
        ...(c.generated ? { generatedBidId: c.generated } : {}),
      },
      { modifyingVastXmlAllowed: false },
    );
    assert.deepEqual(out.events, c.want);
    assert.equal(out.adm, undefined);
  });
}

// G Test_eventsData_modifyBidJSON (a TS object cannot be "broken JSON": that case has no equivalent)
test('cached bid wurl (G modifyBidJSON): the win URL of the bid events, nothing without events', () => {
  const bid = { ID: 'something' };
  for (const [enabled, type, generated, want] of [
    [true, 'banner', undefined, evts('BID-1').win],
    [false, 'banner', undefined, undefined],
    [false, 'video', undefined, undefined],
    [true, 'video', undefined, undefined],
    [true, 'banner', 'randomID', evts('randomID').win],
  ] as const) {
    const { events } = decorateBid(
      ctxOf(enabled),
      { seat: 'openx', type, bid: { id: 'BID-1' }, ...(generated ? { generatedBidId: generated } : {}) },
      { modifyingVastXmlAllowed: true },
    );
    const cached = cachedBidWithWinUrl(bid, events);
    assert.deepEqual(cached, want ? { ID: 'something', wurl: want } : { ID: 'something' });
  }
  assert.deepEqual(bid, { ID: 'something' }, 'input not mutated');
});

// G Test_isEventAllowed
test('events allowed: account OR request', () => {
  assert.equal(eventsEnabled({ requestExt: undefined, accountEventsEnabled: true }), true);
  assert.equal(eventsEnabled({ requestExt: { events: {} }, accountEventsEnabled: false }), true);
  assert.equal(eventsEnabled({ requestExt: {}, accountEventsEnabled: false }), false);
});

test('request switch: any non-null `events` member (G raw JSON), null and non-objects do not count', () => {
  const on = (requestExt: unknown) => eventsEnabled({ requestExt, accountEventsEnabled: false });
  assert.equal(on({ events: { enabled: false } }), true, 'G reads no member of events');
  assert.equal(on({ events: true }), true);
  assert.equal(on({ events: null }), false);
  assert.equal(on({ integration: 'x' }), false);
  assert.equal(on(null), false);
  assert.equal(on('events'), false);
  assert.equal(on([{ events: {} }]), false);
});

test('bid events URLs: exact G strings with int and ts, ts left out when 0', () => {
  assert.deepEqual(
    bidEvents({
      externalUrl: 'http://localhost',
      bidId: 'winning-bid',
      accountId: 'testaccount',
      bidder: 'appnexus',
      timestamp: 1234567890,
      integration: 'testIntegrationType',
    }),
    {
      win: 'http://localhost/event?t=win&b=winning-bid&a=testaccount&bidder=appnexus&int=testIntegrationType&ts=1234567890',
      imp: 'http://localhost/event?t=imp&b=winning-bid&a=testaccount&bidder=appnexus&int=testIntegrationType&ts=1234567890',
    },
  );
  assert.deepEqual(
    bidEvents({ externalUrl: 'https://pbs.test/', bidId: 'b', accountId: '', bidder: 'x', timestamp: 0 }),
    {
      win: 'https://pbs.test/event?t=win&b=b&a=&bidder=x',
      imp: 'https://pbs.test/event?t=imp&b=b&a=&bidder=x',
    },
  );
});

test('auction context: integration from the request, else the account default; start time as ts', () => {
  const ctx = auctionEventsContext({
    requestExt: { integration: 'pbjs', events: {} },
    account: { id: 'acc', eventsEnabled: false, defaultIntegration: 'web' },
    externalUrl: BASE,
    startedAt: 1700000000123,
  });
  assert.deepEqual(ctx, {
    enabled: true,
    externalUrl: BASE,
    accountId: 'acc',
    timestamp: 1700000000123,
    integration: 'pbjs',
  });
  assert.equal(integrationOf({ integration: '' }, 'web'), 'web');
  assert.equal(integrationOf({ integration: 5 }, undefined), '');
  assert.equal(integrationOf(undefined, undefined), '');
  const bad = auctionEventsContext({
    requestExt: undefined,
    account: { id: 'acc', eventsEnabled: false },
    externalUrl: BASE,
    startedAt: Number.NaN,
  });
  assert.equal(bad.timestamp, 0);
  assert.equal(bad.enabled, false);
});
