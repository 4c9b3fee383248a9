// VAST impression tracker of video bids (G modifyBidVAST / makeVAST; the fixtures events-vast-*).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decorateBid,
  injectVastTracker,
  nurlWrapperVast,
  registryVastPolicy,
  vastTrackerUrl,
  type AuctionEventsContext,
} from './index.js';

const CTX: AuctionEventsContext = {
  enabled: true,
  externalUrl: 'http://localhost',
  accountId: 'testaccount',
  timestamp: 1234567890,
  integration: 'testIntegrationType',
};
const TRACKER = (b: string) =>
  `http://localhost/event?t=imp&b=${b}&a=testaccount&bidder=appnexus&f=b&int=testIntegrationType&ts=1234567890`;
const WRAPPER = (nurl: string, b: string) =>
  `<VAST version="3.0"><Ad><Wrapper><AdSystem>prebid.org wrapper</AdSystem><VASTAdTagURI><![CDATA[${nurl}]]></VASTAdTagURI><Impression><![CDATA[${TRACKER(b)}]]></Impression><Creatives></Creatives></Wrapper></Ad></VAST>`;

test('tracker URL: imp, f=b, int and ts (G GetVastUrlTracking)', () => {
  assert.equal(
    vastTrackerUrl({
      externalUrl: 'http://localhost',
      bidId: 'bid-appnexus-1',
      accountId: 'testaccount',
      bidder: 'appnexus',
      timestamp: 1234567890,
      integration: 'testIntegrationType',
    }),
    TRACKER('bid-appnexus-1'),
  );
});

test('no adm: G nurl wrapper with the tracker in its Impression (fixture events-vast-account-on-request-off)', () => {
  const out = decorateBid(
    CTX,
    { seat: 'appnexus', type: 'video', bid: { id: 'winning-bid', nurl: 'http://domain.com/winning-bid' } },
    { modifyingVastXmlAllowed: true },
  );
  assert.deepEqual(out, { adm: WRAPPER('http://domain.com/winning-bid', 'winning-bid') });
});

test('generated bid id is the tracker b= (fixture events-vast-account-off-request-on)', () => {
  const out = decorateBid(
    CTX,
    {
      seat: 'appnexus',
      type: 'video',
      bid: { id: 'losing-bid', nurl: 'http://domain.com/losing-bid' },
      generatedBidId: 'bid-appnexus-2',
    },
    { modifyingVastXmlAllowed: true },
  );
  assert.equal(out.adm, WRAPPER('http://domain.com/losing-bid', 'bid-appnexus-2'));
  assert.equal(out.events, undefined, 'video bids never get bid.ext events (G)');
});

test('video: nothing when the bidder does not allow VAST changes, or events are off', () => {
  const bid = { seat: 'appnexus', type: 'video' as const, bid: { id: 'b', nurl: 'http://n' } };
  assert.deepEqual(decorateBid(CTX, bid, { modifyingVastXmlAllowed: false }), {});
  assert.deepEqual(decorateBid({ ...CTX, enabled: false }, bid, { modifyingVastXmlAllowed: true }), {});
});

test('video without adm and nurl: unchanged (G)', () => {
  assert.deepEqual(
    decorateBid(
      CTX,
      { seat: 'appnexus', type: 'video', bid: { id: 'b', adm: '' } },
      { modifyingVastXmlAllowed: true },
    ),
    {},
  );
  assert.equal(injectVastTracker({}, 'http://t'), undefined);
});

test('adm VAST: tracker after the last Impression of the InLine (../vast-impression.ts placement)', () => {
  const adm =
    '<VAST version="3.0"><Ad><InLine><AdSystem>x</AdSystem><Impression><![CDATA[http://a]]></Impression>' +
    '<Impression>http://b</Impression><Creatives/></InLine></Ad></VAST>';
  const out = injectVastTracker({ adm, nurl: 'http://ignored' }, 'http://t?x=1&y=2');
  assert.equal(
    out,
    '<VAST version="3.0"><Ad><InLine><AdSystem>x</AdSystem><Impression><![CDATA[http://a]]></Impression>' +
      '<Impression>http://b</Impression><Impression><![CDATA[http://t?x=1&y=2]]></Impression><Creatives/></InLine></Ad></VAST>',
  );
});

test('adm VAST without Impression: tracker before the closing Wrapper tag', () => {
  const adm = '<VAST><Ad><Wrapper><VASTAdTagURI>u</VASTAdTagURI></Wrapper></Ad></VAST>';
  assert.equal(
    injectVastTracker({ adm }, 'http://t'),
    '<VAST><Ad><Wrapper><VASTAdTagURI>u</VASTAdTagURI><Impression><![CDATA[http://t]]></Impression></Wrapper></Ad></VAST>',
  );
});

test('adm that is not VAST (no InLine/Wrapper): left as it is', () => {
  assert.equal(injectVastTracker({ adm: '<VAST version="3.0"></VAST>' }, 'http://t'), undefined);
  assert.equal(injectVastTracker({ adm: 'not xml at all', nurl: 'http://n' }, 'http://t'), undefined);
});

test('nurl wrapper: a ]]> inside nurl or tracker cannot close the CDATA early', () => {
  const vast = nurlWrapperVast('http://n/]]>x', 'http://t/]]>y');
  assert.ok(vast.includes('<VASTAdTagURI><![CDATA[http://n/]]]]><![CDATA[>x]]></VASTAdTagURI>'));
  assert.ok(vast.includes('<Impression><![CDATA[http://t/]]]]><![CDATA[>y]]></Impression>'));
});

test('registry policy: known + enabled + modifyingVastXmlAllowed; unknown seats (request aliases) not allowed', () => {
  const infos: Record<string, { enabled: boolean; modifyingVastXmlAllowed?: boolean }> = {
    appnexus: { enabled: true, modifyingVastXmlAllowed: true },
    audiencenetwork: { enabled: true, modifyingVastXmlAllowed: false },
    off: { enabled: false, modifyingVastXmlAllowed: true },
    plain: { enabled: true },
  };
  const registry = {
    lookup: (name: string) => {
      const info = infos[name.toLowerCase()];
      return info ? { code: name, info, adapter: {}, paramsSchema: {} } : undefined;
    },
    all: () => [],
    validateParams: () => [],
  } as unknown as Parameters<typeof registryVastPolicy>[0];
  const policy = registryVastPolicy(registry);
  assert.equal(policy('appnexus'), true);
  assert.equal(policy('audienceNetwork'), false);
  assert.equal(policy('off'), false);
  assert.equal(policy('plain'), false);
  assert.equal(policy('myAlias'), false);
});
