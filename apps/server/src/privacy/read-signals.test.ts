import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../openrtb/types.js';
import { readPrivacySignals } from './read-signals.js';
import { DEFAULT_PRIVACY_SETTINGS } from './settings.js';
import { consentString } from './tcf-test-strings.js';

const base: BidRequest = { id: 'r', imp: [] };
const read = (req: BidRequest, settings = DEFAULT_PRIVACY_SETTINGS) =>
  readPrivacySignals(req, 'core', settings);

test('GDPR applies from regs.gdpr (2.6), regs.ext.gdpr (2.5), gpp_sid, else the host default', () => {
  assert.equal(read({ ...base, regs: { gdpr: 1 } }).signals.gdpr.applies, true);
  assert.equal(read({ ...base, regs: { ext: { gdpr: 1 } } }).signals.gdpr.applies, true);
  assert.equal(read({ ...base, regs: { gdpr: 1, gpp_sid: [7] } }).signals.gdpr.applies, false);
  assert.equal(read(base).signals.gdpr.applies, false);
  assert.equal(read({ ...base, device: { geo: { country: 'DEU' } } }).signals.gdpr.applies, true);
  assert.equal(
    read({ ...base, regs: { gdpr: 0 }, device: { geo: { country: 'DEU' } } }).signals.gdpr.applies,
    false,
  );
  const defaultOn = {
    ...DEFAULT_PRIVACY_SETTINGS,
    gdpr: { ...DEFAULT_PRIVACY_SETTINGS.gdpr, defaultApplies: true },
  };
  assert.equal(read(base, defaultOn).signals.gdpr.applies, true);
  assert.equal(read({ ...base, user: { geo: { country: 'USA' } } }, defaultOn).signals.gdpr.applies, false);
  const off = { ...DEFAULT_PRIVACY_SETTINGS, gdpr: { ...DEFAULT_PRIVACY_SETTINGS.gdpr, enabled: false } };
  assert.equal(read({ ...base, regs: { gdpr: 1 } }, off).signals.gdpr.applies, false);
});

test('the consent string is decoded once; an invalid one is a 10001 warning', () => {
  const consent = consentString({ purposeConsents: [2], vendorConsents: [32] });
  const ok = read({ ...base, regs: { gdpr: 1 }, user: { ext: { consent } } });
  assert.equal(ok.signals.gdpr.consent?.vendorConsents.has(32), true);
  assert.deepEqual(ok.warnings, []);
  const bad = read({ ...base, regs: { gdpr: 1 }, user: { consent: 'not-a-consent' } });
  assert.equal(bad.signals.gdpr.consent, undefined);
  assert.equal(bad.signals.gdpr.consentInvalid, true);
  assert.equal(bad.warnings[0]?.code, 10001);
});

test('CCPA, nosale, COPPA and LMT', () => {
  const s = read({
    ...base,
    regs: { us_privacy: '1YYN', coppa: 1 },
    device: { lmt: 1 },
    ext: { core: { nosale: ['Alpha'] } },
  }).signals;
  assert.equal(s.ccpaOptOut, true);
  assert.equal(s.noSale.has('alpha'), true);
  assert.equal(s.coppa, true);
  assert.equal(s.lmt, true);
  assert.equal(read({ ...base, regs: { ext: { us_privacy: '1NNN' } } }).signals.ccpaOptOut, false);
  const invalid = read({ ...base, regs: { us_privacy: '2YYY' } });
  assert.equal(invalid.signals.ccpaOptOut, false);
  assert.equal(invalid.warnings[0]?.code, 10001);
});
