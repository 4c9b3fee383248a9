import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildEventUrl } from './event-url.js';
import { impressionElement, insertImpressionTracker } from './vast-impression.js';

const URL_ = 'https://s.test/event?t=imp&b=b1&a=acc&bidder=x&f=b';
const IMP = impressionElement(URL_);

test('event URL: fixed order, encoded values, optional params only when set', () => {
  assert.equal(
    buildEventUrl({
      externalUrl: 'https://s.test/',
      type: 'win',
      bidId: 'b 1&2',
      accountId: 'a/1',
      bidder: 'x',
    }),
    'https://s.test/event?t=win&b=b+1%262&a=a%2F1&bidder=x',
  );
  assert.equal(
    buildEventUrl({
      externalUrl: 'https://s.test',
      type: 'imp',
      bidId: 'b',
      accountId: 'a',
      bidder: 'x',
      format: 'b',
      timestamp: 1700000000000,
      integration: 'web',
      auctionId: 'req-1',
      analytics: false,
    }),
    'https://s.test/event?t=imp&b=b&a=a&bidder=x&aid=req-1&f=b&int=web&ts=1700000000000&x=0',
  );
  assert.doesNotMatch(
    buildEventUrl({ externalUrl: 'h', type: 'imp', bidId: 'b', accountId: 'a', bidder: 'x', timestamp: 0 }),
    /ts=/,
  );
});

test('VAST: tracker goes after the last Impression of the InLine element', () => {
  const vast =
    '<VAST version="3.0"><Ad><InLine><AdSystem>x</AdSystem><Impression><![CDATA[https://a]]></Impression>' +
    '<Impression id="2">https://b</Impression ><Creatives></Creatives></InLine></Ad></VAST>';
  const r = insertImpressionTracker(vast, URL_);
  assert.equal(r.modified, true);
  assert.equal(r.vast, vast.replace('https://b</Impression >', `https://b</Impression >${IMP}`));
});

test('VAST: no Impression → before </InLine>; Wrapper when there is no InLine; case-insensitive', () => {
  const inline = '<vast><ad><inline><AdSystem>x</AdSystem></inline></ad></vast>';
  assert.equal(insertImpressionTracker(inline, URL_).vast, inline.replace('</inline>', `${IMP}</inline>`));
  const wrapper =
    '<VAST><Ad><Wrapper><VASTAdTagURI><![CDATA[https://t]]></VASTAdTagURI><Impression>i</Impression></Wrapper></Ad></VAST>';
  assert.equal(
    insertImpressionTracker(wrapper, URL_).vast,
    wrapper.replace('i</Impression>', `i</Impression>${IMP}`),
  );
});

test('VAST: only the first InLine; comments and CDATA are not markup; nothing to carry it → unchanged', () => {
  const two =
    '<VAST><Ad><InLine><Impression>1</Impression></InLine></Ad><Ad><InLine><Impression>2</Impression></InLine></Ad></VAST>';
  assert.equal(
    insertImpressionTracker(two, URL_).vast,
    two.replace('1</Impression>', `1</Impression>${IMP}`),
  );
  const tricky =
    '<VAST><!-- <InLine></InLine> --><Ad><InLine><Impression><![CDATA[x</Impression>]]></Impression>' +
    '<Extensions><![CDATA[</InLine>]]></Extensions></InLine></Ad></VAST>';
  assert.equal(
    insertImpressionTracker(tricky, URL_).vast,
    tricky.replace(']]></Impression>', `]]></Impression>${IMP}`),
  );
  const prefixName = '<VAST><Ad><InLineX></InLineX></Ad></VAST>';
  assert.deepEqual(insertImpressionTracker(prefixName, URL_), { vast: prefixName, modified: false });
  const empty = '<VAST version="4.0"/>';
  assert.deepEqual(insertImpressionTracker(empty, URL_), { vast: empty, modified: false });
  const unclosed = '<VAST><Ad><InLine><Impression>1</Impression>';
  assert.deepEqual(insertImpressionTracker(unclosed, URL_), { vast: unclosed, modified: false });
});

test('VAST: non-ASCII text keeps its offsets; a ]]> in the URL cannot close the CDATA early', () => {
  const vast =
    '<VAST><Ad><InLine><AdTitle>İstanbul 🎉</AdTitle><Impression>1</Impression></InLine></Ad></VAST>';
  assert.equal(
    insertImpressionTracker(vast, URL_).vast,
    vast.replace('1</Impression>', `1</Impression>${IMP}`),
  );
  assert.equal(impressionElement('a]]>b'), '<Impression><![CDATA[a]]]]><![CDATA[>b]]></Impression>');
});
