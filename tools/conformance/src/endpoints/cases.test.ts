// Case building from a tiny corpus written to a temp directory (the project's tests never read ../shared).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readCorpus } from './corpus.js';
import { badDefaultRequestCases, genericAuctionCases } from './auction-cases.js';
import { ampCases, ampReplayCases } from './amp-cases.js';
import { supplementaryCases } from './unit-cases.js';

const root = mkdtempSync(join(tmpdir(), 'endpoint-corpus-'));
function put(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
put(
  'endpoints/harness-mocks.json',
  JSON.stringify({
    auction: {
      storedRequests: { '1': { id: '{{UUID}}' }, '3': { _malformedRawText: '{"a":1}}' } },
      storedImps: {},
      accounts: { disabled_acct: { disabled: true } },
    },
    amp: {
      syntheticBadRequests: [
        {
          tag_id: '201',
          query: 'account=x',
          storedRequest: {},
          expectedReturnCode: 400,
          expectedErrorMessage: 'm',
        },
      ],
    },
    badDefaultRequestCase: {
      appliesTo: ['invalid-stored/b.json'],
      hostDefaultRequestRawText: '{"x" "y"}',
      expectedReturnCode: 400,
    },
  }),
);
put(
  'endpoints/known-bidders.json',
  JSON.stringify({ bidders: { appnexus: { aliasOf: null }, adform: { aliasOf: "'adf'" } } }),
);
put('adapters/appnexus/static/bidder-params/appnexus.json', '{"type":"object"}');
const err = (extra = '') =>
  `{"mockBidRequest": {"imp":[{}]${extra}}, "expectedReturnCode": 400, "expectedErrorMessage": "Invalid request: x\\n"}`;
put('endpoints/sample-requests/invalid-whole/a.json', err());
put('endpoints/sample-requests/invalid-whole/b-app.json', err(', "app": {}'));
put(
  'endpoints/sample-requests/invalid-whole/malformed-bid-request.json',
  '{"mockBidRequest": "malformed", "expectedReturnCode": 400, "expectedErrorMessage": "x"}',
);
put(
  'endpoints/sample-requests/invalid-stored/b.json',
  '{"mockBidRequest": {"imp": [{},]}, "expectedReturnCode": 400, "expectedErrorMessage": "x"}',
);
put('endpoints/sample-requests/aliased/broken.json', '{"mockBidRequest": {}}');
put(
  'endpoints/sample-requests/amp/valid-supplementary/x.json',
  JSON.stringify({
    query: 'tag_id=101',
    config: { mockBidders: [{ bidderName: 'appnexus', currency: 'USD', price: 1 }] },
    mockBidRequest: { id: 'r' },
    expectedReturnCode: 200,
    expectedAmpResponse: {},
  }),
);
put('endpoints/sample-requests/valid-whole/supplementary/site-amp.json', '{"mockBidRequest": {"imp": []}}');
put(
  'endpoints/sample-requests/valid-whole/supplementary/req-imp-stored-response.json',
  '{"mockBidRequest": {}}',
);

const corpus = readCorpus(root);

test('the corpus helper data: quoted hard aliases cleaned, params schemas found, broken stored text verbatim', () => {
  assert.deepEqual(corpus.knownBidders, [{ code: 'appnexus' }, { code: 'adform', aliasOf: 'adf' }]);
  assert.deepEqual(corpus.paramsSchemas.get('appnexus'), { type: 'object' });
  const cases = genericAuctionCases(corpus, root);
  assert.equal(
    cases.find((c) => c.file.endsWith('invalid-whole/a.json'))?.setup?.storedRequests['3'],
    '{"a":1}}',
  );
});

test('§2: walked folders, raw bodies, broken fixtures fail with their reason', () => {
  const cases = genericAuctionCases(corpus, root);
  assert.deepEqual(cases.map((c) => c.file).sort(), [
    'endpoints/sample-requests/aliased/broken.json',
    'endpoints/sample-requests/invalid-stored/b.json',
    'endpoints/sample-requests/invalid-whole/a.json',
    'endpoints/sample-requests/invalid-whole/b-app.json',
    'endpoints/sample-requests/invalid-whole/malformed-bid-request.json',
  ]);
  const malformed = cases.find((c) => c.file.endsWith('malformed-bid-request.json'));
  assert.deepEqual(malformed?.call, { method: 'POST', url: '/openrtb2/auction', body: 'malformed' });
  assert.match(cases.find((c) => c.file.endsWith('broken.json'))?.unrunnable ?? '', /broken fixture/);
  // §8 leniency: the decoder-wording file passes on status + prefix.
  const verdict = malformed?.check?.({
    status: 400,
    body: 'Invalid request: bad JSON\n',
    bidderCalls: {},
    problems: [],
    notes: [],
  });
  assert.equal(verdict?.failure, undefined);
});

test('§3 and §4: AMP GET with the tag as the only stored request; replays keep directory indexes', () => {
  const [amp] = ampCases(corpus, root);
  assert.equal(amp?.call?.url, '/openrtb2/amp?tag_id=101');
  assert.deepEqual(Object.keys(amp?.setup?.storedRequests ?? {}), ['101']);
  assert.equal(amp?.setup?.hostGdpr, true);
  const replays = ampReplayCases(corpus, root);
  assert.deepEqual(
    replays.map((c) => [c.file.split('/').pop(), c.call?.url]),
    [
      ['a.json#amp', '/openrtb2/amp?account=test_pub&tag_id=100'],
      ['malformed-bid-request.json#amp', '/openrtb2/amp?account=test_pub&tag_id=102'],
      ['harness-mocks.json#amp.syntheticBadRequests[0]', '/openrtb2/amp?account=x'],
    ],
  );
  assert.equal(replays[0]?.setup?.realParamsValidator, true);
});

test('§5 and §6: broken default request; unit-test files replayed or marked not replayable', () => {
  const [bad] = badDefaultRequestCases(corpus, root);
  assert.equal(bad?.file, 'endpoints/sample-requests/invalid-stored/b.json#bad-default-request');
  assert.equal(bad?.setup?.defaultRequestText, '{"x" "y"}');
  const unit = supplementaryCases(corpus, root);
  assert.match(
    unit.find((c) => c.file.endsWith('req-imp-stored-response.json'))?.unrunnable ?? '',
    /^not replayable over HTTP/,
  );
  assert.equal(
    unit.find((c) => c.file.endsWith('site-amp.json'))?.setup?.mockBidders[0]?.bidderName,
    'appnexus',
  );
});
