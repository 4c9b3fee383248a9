// Taboola: own fixtures through the shared runner (test endpoint and GVL id); params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  endpoint: 'http://{{.MediaType}}.whatever.com/{{.GvlID}}/{{.PublisherID}}',
  server: { externalUrl: 'http://hosturl.com', gvlId: 12, dataCenter: '2' },
});
testParamsSchema(
  bidder,
  [
    { publisherId: 'p', tagId: 't' },
    { publisherId: 'p', tagid: 't', bidfloor: 1, bcat: ['IAB1'], position: 1 },
  ],
  [
    {},
    { tagId: 't' },
    { publisherId: 'p' },
    { publisherId: 'p', tagId: 't', tagid: 'u' },
    { publisherId: 'p', tagId: 1 },
  ],
);
