import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../../openrtb/types.js';
import { readPrivacySignals } from '../read-signals.js';
import { DEFAULT_PRIVACY_SETTINGS } from '../settings.js';
import type { PrivacyEnforcer } from '../types.js';
import { createCcpaEnforcer } from './ccpa.js';
import { createCoppaEnforcer } from './coppa.js';
import { createLmtEnforcer } from './lmt.js';

const bidder = { name: 'alpha', code: 'alpha' };

function request(extra: Partial<BidRequest> = {}): BidRequest {
  return {
    id: 'r',
    imp: [],
    device: { ip: '10.1.2.3', ifa: 'ifa-1', geo: { lat: 48.8566, lon: 2.3522, country: 'USA' } },
    user: { id: 'u', buyeruid: 'b' },
    ...extra,
  };
}

function apply(enforcer: PrivacyEnforcer, req: BidRequest, settings = DEFAULT_PRIVACY_SETTINGS) {
  const { signals } = readPrivacySignals(req, 'core', settings);
  const out = enforcer.apply(req, bidder, signals);
  assert.ok(out.allowed);
  return out.request;
}

test('CCPA opt-out scrubs ids, IP and geo; nosale bidders and opt-in strings are untouched', () => {
  const ccpa = createCcpaEnforcer(DEFAULT_PRIVACY_SETTINGS);
  const out = apply(ccpa, request({ regs: { us_privacy: '1NYN' } }));
  assert.deepEqual(out.user, {});
  assert.deepEqual(out.device, { ip: '10.1.2.0', geo: { lat: 48.86, lon: 2.35, country: 'USA' } });
  const exempt = request({ regs: { us_privacy: '1NYN' }, ext: { core: { nosale: ['alpha'] } } });
  assert.equal(apply(ccpa, exempt), exempt);
  const all = request({ regs: { us_privacy: '1NYN' }, ext: { core: { nosale: ['*'] } } });
  assert.equal(apply(ccpa, all), all);
  const optIn = request({ regs: { us_privacy: '1NNN' } });
  assert.equal(apply(ccpa, optIn), optIn);
});

test('CCPA not enforced by the host: nothing happens', () => {
  const settings = { ...DEFAULT_PRIVACY_SETTINGS, ccpaEnforce: false };
  const req = request({ regs: { us_privacy: '1YYY' } });
  assert.equal(apply(createCcpaEnforcer(settings), req, settings), req);
});

test('COPPA scrubs ids and IP and empties geo', () => {
  const out = apply(createCoppaEnforcer(DEFAULT_PRIVACY_SETTINGS), request({ regs: { coppa: 1 } }));
  assert.deepEqual(out.device, { ip: '10.1.2.0', geo: {} });
  assert.deepEqual(out.user, {});
});

test('LMT scrubs when enforced, not when the host turns it off', () => {
  const req = request({ device: { lmt: 1, ip: '10.1.2.3', ifa: 'x' } });
  assert.deepEqual(apply(createLmtEnforcer(DEFAULT_PRIVACY_SETTINGS), req).device, {
    lmt: 1,
    ip: '10.1.2.0',
  });
  const off = { ...DEFAULT_PRIVACY_SETTINGS, lmtEnforce: false };
  assert.equal(apply(createLmtEnforcer(off), req, off), req);
});
