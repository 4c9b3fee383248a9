// The auction seam: context from the bidder copy, fetchBids refusal, transmit scrubs, and the shared
// exchange fixtures activity-tid-*.json (skipped when the corpus is not next to the repository).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { BidRequest, Imp } from '../../openrtb/types.js';
import type { PrivacySignals } from '../types.js';
import { activityContextFromRequest, createActivityEnforcer, decideTransmits } from './enforce.js';
import { createActivityControl } from './control.js';
import { parseActivitySettings } from './parse.js';

const signals = {} as PrivacySignals; // the activity enforcer reads none of them
const bidder = { name: 'appnexus', code: 'appnexus' };

test('activityContextFromRequest: regs.gpp_sid, device.geo country/region, regs.ext.gpc', () => {
  const full: BidRequest = {
    id: 'r',
    imp: [],
    regs: { gpp_sid: [7, 'x', 8], ext: { gpc: 1 } },
    device: { geo: { country: 'USA', region: 'CA' } },
  };
  assert.deepEqual(activityContextFromRequest(full), {
    gppSids: [7, 8],
    geo: { country: 'USA', region: 'CA' },
    gpc: '1',
  });
  assert.deepEqual(activityContextFromRequest({ id: 'r', imp: [] }), { geo: {}, gpc: null });
});

test('decideTransmits asks each transmit activity for the bidder by its request name', () => {
  const control = createActivityControl({
    config: {
      transmitUfpd: { rules: [{ kind: 'condition', allow: false, componentName: ['alias1'] }] },
      transmitTid: { default: false },
    },
  });
  assert.deepEqual(decideTransmits(control, 'alias1'), {
    transmitUfpd: false,
    transmitPreciseGeo: true,
    transmitUniqueRequestIds: true,
    transmitTid: false,
  });
});

test('fetchBids denied → refused with the house privacy wording; others → scrubbed copy', () => {
  const { value: settings } = parseActivitySettings({
    allowactivities: {
      fetchBids: { rules: [{ condition: { componentName: ['APPNEXUS'], geo: ['USA.CA'] }, allow: false }] },
      transmitPreciseGeo: { default: false },
    },
  });
  const enforcer = createActivityEnforcer({ settings, ipv4KeepBits: 8 });
  const ca: BidRequest = {
    id: 'r',
    imp: [],
    device: { ip: '1.2.3.4', geo: { country: 'USA', region: 'CA' } },
  };
  assert.deepEqual(enforcer.apply(ca, bidder, signals), {
    allowed: false,
    reason: 'bidder "appnexus" blocked by privacy settings',
  });
  const ny: BidRequest = {
    id: 'r',
    imp: [],
    device: { ip: '1.2.3.4', geo: { country: 'USA', region: 'NY' } },
  };
  const r = enforcer.apply(ny, bidder, signals);
  assert.ok(r.allowed);
  assert.deepEqual(r.request.device, { ip: '1.0.0.0', geo: { country: 'USA', region: 'NY' } });
  // No allowactivities at all → untouched.
  const none = createActivityEnforcer({ settings: {} }).apply(ny, bidder, signals);
  assert.ok(none.allowed && none.request === ny);
});

const dir = fileURLToPath(new URL('../../../../../../shared/fixtures/exchange/', import.meta.url));
const files = existsSync(dir) ? readdirSync(dir).filter((f) => /^activity-.*\.json$/.test(f)) : [];

interface Fixture {
  accountPrivacy?: unknown;
  incomingRequest: { ortbRequest: BidRequest };
  outgoingRequests: Record<string, { expectRequest: { ortbRequest: BidRequest } }>;
}

/** The per-bidder copy the split step makes: imp.ext.bidder = the bidder's params. */
function bidderCopy(request: BidRequest, name: string): BidRequest {
  const imp = request.imp.map((i): Imp => {
    const { prebid, ...rest } = i.ext ?? {};
    const params = (prebid as { bidder?: Record<string, unknown> } | undefined)?.bidder?.[name];
    return Object.assign({}, i, { ext: Object.assign({}, rest, { bidder: params }) });
  });
  return Object.assign({}, request, { imp });
}

for (const file of files) {
  test(`shared fixture exchange/${file}`, () => {
    const fx = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture;
    const parsed = parseActivitySettings(fx.accountPrivacy);
    assert.deepEqual(parsed.errors, []);
    const enforcer = createActivityEnforcer({ settings: parsed.value });
    for (const [name, spec] of Object.entries(fx.outgoingRequests)) {
      const r = enforcer.apply(
        bidderCopy(fx.incomingRequest.ortbRequest, name),
        { name, code: name },
        signals,
      );
      assert.ok(r.allowed);
      assert.deepEqual(r.request, spec.expectRequest.ortbRequest);
    }
  });
}
