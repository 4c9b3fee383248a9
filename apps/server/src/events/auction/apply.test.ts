// One auction end to end through applyAuctionEvents, mirroring the exchange fixtures events-* and
// generate-bid-id-* (harness: external URL http://localhost, account testaccount, ts = start_time_ms).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyAuctionEvents, auctionEventsContext, type ApplyAuctionEventsInput } from './index.js';
import { harnessBidIdGenerator } from './bid-ids.testkit.js';

const TS = 1234567890;
const q = (t: string, b: string, bidder: string, f = '') =>
  `http://localhost/event?t=${t}&b=${b}&a=testaccount&bidder=${bidder}${f}&int=testIntegrationType&ts=${TS}`;
const wrapper = (nurl: string, b: string) =>
  '<VAST version="3.0"><Ad><Wrapper><AdSystem>prebid.org wrapper</AdSystem>' +
  `<VASTAdTagURI><![CDATA[${nurl}]]></VASTAdTagURI><Impression><![CDATA[${q('imp', b, 'appnexus', '&f=b')}]]></Impression>` +
  '<Creatives></Creatives></Wrapper></Ad></VAST>';

function run(opts: {
  accountEvents: boolean;
  requestExt: Record<string, unknown>;
  bids: ApplyAuctionEventsInput['bids'];
  generator?: { generateBidID?: boolean; returnError?: boolean };
}) {
  return applyAuctionEvents({
    ns: 'prebid',
    context: auctionEventsContext({
      requestExt: opts.requestExt,
      account: { id: 'testaccount', eventsEnabled: opts.accountEvents },
      externalUrl: 'http://localhost',
      startedAt: TS,
    }),
    bidIds: harnessBidIdGenerator(opts.generator),
    vastPolicy: (seat) => seat === 'appnexus', // fixtures: appnexus true, audienceNetwork false
    bids: opts.bids,
  });
}

const BANNER = [
  { seat: 'appnexus', type: 'banner' as const, bid: { id: 'winning-bid' } },
  { seat: 'appnexus', type: 'banner' as const, bid: { id: 'losing-bid' } },
];
const bannerEvents = (b: string) => ({
  events: { win: q('win', b, 'appnexus'), imp: q('imp', b, 'appnexus') },
});

test('events-bid-account-off-request-on: ext.prebid.events {} turns events on', () => {
  const out = run({
    accountEvents: false,
    requestExt: { integration: 'testIntegrationType', events: {} },
    bids: BANNER,
  });
  assert.deepEqual(out, { bids: [bannerEvents('winning-bid'), bannerEvents('losing-bid')], errors: [] });
});

test('events-bid-account-on-request-off: account events.enabled turns events on', () => {
  const out = run({ accountEvents: true, requestExt: { integration: 'testIntegrationType' }, bids: BANNER });
  assert.deepEqual(out, { bids: [bannerEvents('winning-bid'), bannerEvents('losing-bid')], errors: [] });
});

test('account off, request off: no events on banner bids', () => {
  const out = run({ accountEvents: false, requestExt: { integration: 'testIntegrationType' }, bids: BANNER });
  assert.deepEqual(out, { bids: [{}, {}], errors: [] });
});

const VIDEO = [
  {
    seat: 'appnexus',
    type: 'video' as const,
    bid: { id: 'winning-bid', nurl: 'http://domain.com/winning-bid' },
  },
  {
    seat: 'appnexus',
    type: 'video' as const,
    bid: { id: 'losing-bid', nurl: 'http://domain.com/losing-bid' },
  },
  {
    seat: 'audienceNetwork',
    type: 'video' as const,
    bid: { id: 'contending-bid', nurl: 'http://domain.com/contending-bid' },
  },
];

test('events-vast-account-off-request-off: adm untouched', () => {
  const out = run({ accountEvents: false, requestExt: {}, bids: VIDEO });
  assert.deepEqual(out, { bids: [{}, {}, {}], errors: [] });
});

test('events-vast-account-on-request-off: wrapper + tracker for appnexus only, bid.id as b=', () => {
  const out = run({ accountEvents: true, requestExt: { integration: 'testIntegrationType' }, bids: VIDEO });
  assert.deepEqual(out.bids, [
    { adm: wrapper('http://domain.com/winning-bid', 'winning-bid') },
    { adm: wrapper('http://domain.com/losing-bid', 'losing-bid') },
    {},
  ]);
});

test('events-vast-account-off-request-on: generated ids in bidid and as the tracker b=', () => {
  const out = run({
    accountEvents: false,
    requestExt: { integration: 'testIntegrationType', events: {} },
    bids: VIDEO,
    generator: { generateBidID: true },
  });
  assert.deepEqual(out, {
    bids: [
      { generatedBidId: 'bid-appnexus-1', adm: wrapper('http://domain.com/winning-bid', 'bid-appnexus-1') },
      { generatedBidId: 'bid-appnexus-2', adm: wrapper('http://domain.com/losing-bid', 'bid-appnexus-2') },
      { generatedBidId: 'bid-audienceNetwork-1' },
    ],
    errors: [],
  });
});

test('generate-bid-id-one / -many: ids without events', () => {
  const bids = [
    { seat: 'appnexus', type: 'video' as const, bid: { id: 'apn-bid-1' } },
    { seat: 'appnexus', type: 'video' as const, bid: { id: 'apn-bid-2' } },
  ];
  const out = run({ accountEvents: false, requestExt: {}, bids, generator: { generateBidID: true } });
  assert.deepEqual(out, {
    bids: [{ generatedBidId: 'bid-appnexus-1' }, { generatedBidId: 'bid-appnexus-2' }],
    errors: [],
  });
});

test('generate-bid-id-error: error value, bid falls back to bid.id in its event URLs', () => {
  const out = run({
    accountEvents: true,
    requestExt: { integration: 'testIntegrationType' },
    bids: [{ seat: 'appnexus', type: 'banner', bid: { id: 'apn-bid' } }],
    generator: { generateBidID: true, returnError: true },
  });
  assert.deepEqual(out, {
    bids: [bannerEvents('apn-bid')],
    errors: [{ code: 999, message: 'Error generating bid.ext.prebid.bidid' }],
  });
});

test('the VAST policy is asked once per seat', () => {
  const asked: string[] = [];
  applyAuctionEvents({
    ns: 'core',
    context: { enabled: true, externalUrl: 'http://h', accountId: 'a', timestamp: 0, integration: '' },
    bidIds: harnessBidIdGenerator(undefined),
    vastPolicy: (seat) => (asked.push(seat), true),
    bids: VIDEO,
  });
  assert.deepEqual(asked, ['appnexus', 'audienceNetwork']);
});
