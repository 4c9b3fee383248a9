import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../../openrtb/types.js';
import { readPrivacySignals } from '../read-signals.js';
import { DEFAULT_PRIVACY_SETTINGS } from '../settings.js';
import { consentString, type ConsentSpec } from '../tcf-test-strings.js';
import { createGdprEnforcer } from './gdpr.js';

const gdpr = createGdprEnforcer(DEFAULT_PRIVACY_SETTINGS);
const bidder = (gvlVendorId?: number) => ({
  name: 'alpha',
  code: 'alpha',
  ...(gvlVendorId ? { gvlVendorId } : {}),
});

function request(consent?: string): BidRequest {
  return {
    id: 'r',
    imp: [],
    regs: { gdpr: 1 },
    device: { ip: '10.1.2.3', ifa: 'ifa-1', geo: { lat: 48.8566, lon: 2.3522 } },
    user: { buyeruid: 'b', ...(consent !== undefined ? { consent } : {}) },
  };
}

function run(spec: ConsentSpec | undefined, vendor?: number) {
  const req = request(spec ? consentString(spec) : undefined);
  const { signals } = readPrivacySignals(req, 'core', DEFAULT_PRIVACY_SETTINGS);
  return gdpr.apply(req, bidder(vendor), signals);
}

test('full consent for the vendor: request passes unchanged', () => {
  const spec = { purposeConsents: [1, 2, 3, 4], vendorConsents: [32], specialFeatures: [1] };
  const req = request(consentString(spec));
  const { signals } = readPrivacySignals(req, 'core', DEFAULT_PRIVACY_SETTINGS);
  const out = gdpr.apply(req, bidder(32), signals);
  assert.ok(out.allowed);
  assert.equal(out.request, req);
});

test('purpose 2 missing, vendor unknown, no consent or a publisher restriction: the bidder is refused', () => {
  const refused = (r: ReturnType<typeof run>) =>
    !r.allowed && r.reason === 'bidder "alpha" blocked by privacy settings';
  assert.ok(refused(run({ purposeConsents: [1, 3], vendorConsents: [32] }, 32)));
  assert.ok(refused(run({ purposeConsents: [2], vendorConsents: [99] }, 32)));
  assert.ok(refused(run({ purposeConsents: [2], vendorConsents: [32] }, undefined)));
  assert.ok(refused(run(undefined, 32)));
  assert.ok(refused(run({ purposeConsents: [2], vendorConsents: [32], notAllowed: { 32: [2] } }, 32)));
});

test('purpose 2 by legitimate interest is enough to be called', () => {
  const out = run({ purposeLI: [2], vendorLI: [32], specialFeatures: [1] }, 32);
  assert.ok(out.allowed);
  assert.equal(out.request.user?.buyeruid, 'b', 'P2 is an id legal basis (G PassID: purposes 2–10)');
});

test('no special feature 1: IP masked and geo rounded, ids kept', () => {
  const out = run({ purposeConsents: [2, 4], vendorConsents: [32] }, 32);
  assert.ok(out.allowed);
  assert.equal(out.request.device?.ip, '10.1.2.0');
  assert.deepEqual(out.request.device?.geo, { lat: 48.86, lon: 2.35 });
  assert.equal(out.request.device?.ifa, 'ifa-1');
});

test('purpose 2 not enforced: an unknown vendor is called but gets no ids', () => {
  const settings = {
    ...DEFAULT_PRIVACY_SETTINGS,
    gdpr: { ...DEFAULT_PRIVACY_SETTINGS.gdpr, enforcePurpose2: false },
  };
  const req = request(consentString({ purposeConsents: [2], vendorConsents: [32], specialFeatures: [1] }));
  const { signals } = readPrivacySignals(req, 'core', settings);
  const out = createGdprEnforcer(settings).apply(req, bidder(), signals);
  assert.ok(out.allowed);
  assert.equal(out.request.user?.buyeruid, undefined);
  assert.equal(out.request.device?.ifa, undefined);
  assert.equal(out.request.device?.ip, '10.1.2.3', 'special feature 1 is the user’s opt-in');
});

test('GDPR not applicable: nothing happens', () => {
  const req = { ...request(), regs: { gdpr: 0 } };
  const { signals } = readPrivacySignals(req, 'core', DEFAULT_PRIVACY_SETTINGS);
  const out = gdpr.apply(req, bidder(), signals);
  assert.ok(out.allowed);
  assert.equal(out.request, req);
});
