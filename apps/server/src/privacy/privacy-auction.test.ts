// In-process auction through createApp: one bidder blocked by GDPR, another called with a scrubbed copy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, bidFor, scriptedTransport, testConfig } from '../../test/harness.js';
import { consentString } from './tcf-test-strings.js';

const bidders = {
  alpha: { endpoint: 'http://alpha.test/bid', capabilities: { site: ['banner'] }, 'gvl-vendor-id': 32 },
  beta: { endpoint: 'http://beta.test/bid', capabilities: { site: ['banner'] }, 'gvl-vendor-id': 52 },
};

test('GDPR: a bidder without purpose 2 is not called (10017), a consented one gets masked IP and no geo precision', async () => {
  const consent = consentString({ purposeConsents: [2, 4], vendorConsents: [32] });
  const transport = scriptedTransport((req) => bidFor(req, 1.5));
  const app = await buildTestApp(testConfig({ bidders }), { transport });
  const res = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: {
      id: 'req-1',
      site: { page: 'https://pub.example/page', publisher: { id: 'pub-1' } },
      device: { ip: '203.0.113.77', geo: { lat: 52.520008, lon: 13.404954 } },
      user: { buyeruid: 'uid-1', ext: { consent } },
      regs: { ext: { gdpr: 1 } },
      imp: [
        {
          id: 'imp-1',
          banner: { format: [{ w: 300, h: 250 }] },
          ext: { core: { bidder: { alpha: { zone: 1 }, beta: { zone: 2 } } } },
        },
      ],
      tmax: 500,
    },
  });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.deepEqual(body.ext.warnings?.beta, [
    { code: 10017, message: 'bidder "beta" blocked by privacy settings' },
  ]);
  assert.deepEqual(
    transport.sent.map((s) => s.uri),
    ['http://alpha.test/bid'],
  );
  const sent = JSON.parse(transport.sent[0]?.body ?? '{}');
  assert.equal(sent.device.ip, '203.0.113.0');
  assert.deepEqual(sent.device.geo, { lat: 52.52, lon: 13.4 });
  assert.equal(sent.user.buyeruid, 'uid-1', 'purpose 2/4 consent is an id legal basis');
  assert.equal(body.seatbid[0].seat, 'alpha');
  await app.closeResources();
});
