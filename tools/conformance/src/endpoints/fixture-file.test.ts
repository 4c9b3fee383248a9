import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readAmpFixture, readAuctionFixture } from './fixture-file.js';
import { skipAmpReplay } from './amp-cases.js';

test('auction fixtures: raw body, decoded expectations, case-insensitive config names', () => {
  const text = `{
    "description": "d",
    "config": {"AccountRequired": true, "mockBidders": [{"bidderName": "x", "currency": "EUR", "price": 1.5}]},
    "mockBidRequest": {"id": "r",  "imp": [{},]},
    "expectedReturnCode": 400,
    "expectedErrorMessage": "Invalid request: x\\n"
  }`;
  const parsed = readAuctionFixture(text);
  assert.ok('fixture' in parsed);
  assert.equal(parsed.fixture.body, '{"id": "r",  "imp": [{},]}');
  assert.equal(parsed.fixture.expectedErrorMessage, 'Invalid request: x\n');
  assert.equal(parsed.fixture.expectedReturnCode, 400);
  assert.equal(parsed.fixture.config.accountRequired, true);
  assert.equal(parsed.fixture.config.mockBidders?.[0]?.price, 1.5);
});

test('a string mockBidRequest posts its unquoted, unescaped-free text', () => {
  const parsed = readAuctionFixture(
    '{"mockBidRequest": "malformed", "expectedReturnCode": 400, "expectedErrorMessage": "x"}',
  );
  assert.ok('fixture' in parsed && parsed.fixture.body === 'malformed');
});

test('broken fixtures: missing code, both or neither expectation', () => {
  const body = '"mockBidRequest": {}';
  assert.ok('broken' in readAuctionFixture(`{${body}, "expectedErrorMessage": "x"}`));
  assert.ok('broken' in readAuctionFixture(`{${body}, "expectedReturnCode": 200}`));
  assert.ok(
    'broken' in
      readAuctionFixture(
        `{${body}, "expectedReturnCode": 200, "expectedErrorMessage": "x", "expectedBidResponse": {}}`,
      ),
  );
});

test('AMP fixtures: keys matched case-insensitively, tag_id required, stored responses unquoted', () => {
  const parsed = readAmpFixture(
    JSON.stringify({
      Query: 'tag_id=101&consent_string=abc',
      mockBidRequest: { id: 'r' },
      mockAmpStoredResponse: { s1: '[{"bid":[]}]' },
      expectedReturnCode: 200,
      expectedAmpResponse: { targeting: {} },
    }),
  );
  assert.ok('fixture' in parsed);
  assert.equal(parsed.fixture.tagId, '101');
  assert.deepEqual(parsed.fixture.storedResponses, { s1: '[{"bid":[]}]' });
  assert.ok('broken' in readAmpFixture('{"query": "account=1", "expectedReturnCode": 200}'));
  assert.ok('broken' in readAmpFixture('{not json'));
});

test('§4 exclusions for the AMP replay of invalid-whole', () => {
  const one = (extra: object) => JSON.stringify({ imp: [{}], ...extra });
  assert.equal(skipAmpReplay(one({}), 'Invalid request: x'), false);
  assert.equal(skipAmpReplay(one({ app: {} }), 'x'), true);
  assert.equal(skipAmpReplay(JSON.stringify({ imp: [{}, {}] }), 'x'), true);
  assert.equal(skipAmpReplay(JSON.stringify({}), 'x'), true);
  assert.equal(skipAmpReplay(one({ device: { ext: { prebid: { interstitial: {} } } } }), 'x'), true);
  assert.equal(skipAmpReplay(one({}), 'ext.prebid.storedrequest.id must be a string'), true);
  assert.equal(skipAmpReplay('malformed', 'x'), false);
});
