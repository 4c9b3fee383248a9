// The analytics copy of the request under transmitUfpd / transmitPreciseGeo denied to the analytics
// component (G analytics/build evaluateActivities): the log adapter's record has no user data and a
// coarse geo, while the bidder (allowed) still gets them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { OutgoingRequest } from '../bidders/types.js';
import type { BidRequest } from '../openrtb/types.js';
import { buildTestApp, jsonResponse, scriptedTransport, testConfig } from '../../test/harness.js';
import { logAnalyticsWorld } from './analytics.testkit.js';

type Obj = Record<string, unknown>;
const denyForLog = { default: true, rules: [{ condition: { componentType: ['analytics'] }, allow: false }] };

test('transmitUfpd and transmitPreciseGeo denied to analytics scrub the logged request, not the bidder’s', async () => {
  const { file, config: world } = await logAnalyticsWorld({
    acc: { privacy: { allowactivities: { transmitUfpd: denyForLog, transmitPreciseGeo: denyForLog } } },
  });
  const config = testConfig(world);
  const sent: BidRequest[] = [];
  const transport = scriptedTransport((req: OutgoingRequest) => {
    sent.push(JSON.parse(req.body ?? '{}') as BidRequest);
    return jsonResponse(204, '');
  });
  const app = await buildTestApp(config, { transport });
  const res = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: {
      id: 'r',
      site: { page: 'https://p.example/', publisher: { id: 'acc' } },
      user: { id: 'u1', buyeruid: 'b1', data: [{ id: 'd' }] },
      device: { ip: '203.0.113.17', geo: { lat: 52.123456, lon: 13.654321, country: 'USA' } },
      imp: [
        { id: 'i', banner: { format: [{ w: 300, h: 250 }] }, ext: { prebid: { bidder: { alpha: {} } } } },
      ],
    },
  });
  assert.equal(res.statusCode, 200, res.body);
  await app.closeResources();
  const logged = (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { kind: string; request?: Obj })
    .find((l) => l.kind === 'auction');
  const user = (logged?.request?.['user'] ?? {}) as Obj;
  const device = (logged?.request?.['device'] ?? {}) as Obj;
  assert.equal(user['id'], undefined, 'user.id scrubbed for analytics');
  assert.equal(user['buyeruid'], undefined);
  assert.equal(user['data'], undefined);
  assert.deepEqual((device['geo'] as Obj)['lat'], 52.12, 'geo rounded for analytics');
  assert.equal(device['ip'], '203.0.113.0');
  assert.equal(sent[0]?.user?.id, 'u1', 'the bidder is allowed and keeps user.id');
  assert.equal(sent[0]?.device?.geo?.['lat'], 52.123456);
});
