// The Global Vendor List in auctions (issue 18): an unseen list version is fetched once however many
// auctions need it at the same moment, and once loaded the list decides (a vendor the list does not
// declare for purpose 2 is not called, though the consent string alone would allow it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OutgoingRequest } from '../bidders/types.js';
import type { BidRequest } from '../openrtb/types.js';
import { buildTestApp, jsonResponse, scriptedTransport, testConfig } from '../../test/harness.js';
import { startGvlServer } from './gvl/gvl-server.testkit.js';
import { consentString } from './tcf-test-strings.js';

function oneBid(req: OutgoingRequest) {
  const body = JSON.parse(req.body ?? '{}') as BidRequest;
  const impid = body.imp[0]?.id;
  return jsonResponse(200, {
    id: body.id,
    seatbid: [{ bid: [{ id: 'b', impid, price: 1, w: 300, h: 250, crid: 'c', adm: '<div/>' }] }],
  });
}

test('100 concurrent auctions needing an unseen vendor-list version cause exactly one fetch', async () => {
  const gvl = await startGvlServer();
  gvl.delay(50);
  const sent: string[] = [];
  const transport = scriptedTransport((req) => {
    sent.push(req.uri);
    return oneBid(req);
  });
  const config = testConfig({
    'ext-namespace': 'prebid',
    privacy: {
      gdpr: { 'vendorlist-wait-ms': 5000, vendorlist: { enabled: true, 'url-template': gvl.urlTemplate } },
    },
    bidders: {
      alpha: { endpoint: 'http://alpha.test/', capabilities: { site: ['banner'] }, 'gvl-vendor-id': 1 },
      beta: { endpoint: 'http://beta.test/', capabilities: { site: ['banner'] }, 'gvl-vendor-id': 2 },
    },
  });
  const app = await buildTestApp(config, { transport });
  // Both vendors have the user's consent for purpose 2; only vendor 1 declares it in the served list.
  const consent = consentString({ purposeConsents: [1, 2], vendorConsents: [1, 2] });
  const body = {
    id: 'r',
    site: { page: 'https://p.example/' },
    imp: [
      {
        id: 'i',
        banner: { format: [{ w: 300, h: 250 }] },
        ext: { prebid: { bidder: { alpha: {}, beta: {} } } },
      },
    ],
    regs: { gdpr: 1 },
    user: { consent },
  };
  try {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: body }),
      ),
    );
    assert.ok(answers.every((a) => a.statusCode === 200));
    assert.equal(gvl.total(), 1, 'one fetch for 100 auctions');
    assert.equal(sent.filter((u) => u.includes('alpha')).length, 100);
    assert.equal(
      sent.filter((u) => u.includes('beta')).length,
      0,
      'the list decides: vendor 2 declares nothing',
    );
    const warnings = answers[0]?.json<{ ext: { warnings: Record<string, unknown[]> } }>().ext.warnings;
    assert.ok(warnings?.['beta'], 'the refused bidder is named');
  } finally {
    await app.closeResources();
    await gvl.close();
  }
});

test('without a vendor list (fetching off) the consent string alone decides', async () => {
  const sent: string[] = [];
  const transport = scriptedTransport((req) => {
    sent.push(req.uri);
    return oneBid(req);
  });
  const config = testConfig({
    'ext-namespace': 'prebid',
    bidders: {
      beta: { endpoint: 'http://beta.test/', capabilities: { site: ['banner'] }, 'gvl-vendor-id': 2 },
    },
  });
  const app = await buildTestApp(config, { transport });
  const consent = consentString({ purposeConsents: [1, 2], vendorConsents: [2] });
  const res = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: {
      id: 'r',
      site: { page: 'https://p.example/' },
      imp: [{ id: 'i', banner: { format: [{ w: 300, h: 250 }] }, ext: { prebid: { bidder: { beta: {} } } } }],
      regs: { gdpr: 1 },
      user: { consent },
    },
  });
  assert.equal(res.statusCode, 200);
  assert.equal(sent.length, 1);
  await app.closeResources();
});
