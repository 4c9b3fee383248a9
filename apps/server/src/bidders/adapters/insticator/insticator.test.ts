// Insticator: own fixtures through the shared runner (app endpoint from the bidder info's extraInfo);
// params schema examples; the publisherId query param joins an endpoint's own query, keys sorted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';
import { publisherIdQuery } from './endpoint.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ adUnitId: 'u', publisherId: 'p' }],
  [{}, { adUnitId: 'u' }, { adUnitId: '', publisherId: 'p' }, { adUnitId: 'u', publisherId: 1 }],
);

test('publisherId joins the endpoint query, re-encoded with keys sorted', () => {
  assert.equal(
    publisherIdQuery(undefined, 'https://x.example/pbs?z=1&a=b c', 'p 1'),
    'https://x.example/pbs?a=b+c&publisherId=p+1&z=1',
  );
  assert.equal(
    publisherIdQuery('{"app_endpoint":"https://app.example/pbs"}', 'https://x.example/pbs', ''),
    'https://app.example/pbs',
  );
  assert.equal(publisherIdQuery({}, 'https://x.example/pbs', 'p'), 'https://x.example/pbs?publisherId=p');
});
