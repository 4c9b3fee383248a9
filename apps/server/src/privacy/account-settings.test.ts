// Account privacy over the host (upstream G AccountGDPR/AccountCCPA EnabledForChannelType): channel
// switches beat the account switch, which beats the host; IP bits; malformed blocks are named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accountPrivacyErrors, accountPrivacySettings, hasAccountPrivacy } from './account-settings.js';
import { DEFAULT_PRIVACY_SETTINGS as HOST } from './settings.js';

test('channel_enabled beats integration_enabled beats enabled beats the host', () => {
  const privacy = {
    gdpr: { enabled: false, channel_enabled: { amp: true }, integration_enabled: { app: true, amp: false } },
    ccpa: { enabled: false },
  };
  assert.equal(accountPrivacySettings(HOST, privacy, 'web').gdpr.enabled, false);
  assert.equal(accountPrivacySettings(HOST, privacy, 'amp').gdpr.enabled, true);
  assert.equal(accountPrivacySettings(HOST, privacy, 'app').gdpr.enabled, true);
  assert.equal(accountPrivacySettings(HOST, privacy, 'video').ccpaEnforce, false);
  assert.equal(accountPrivacySettings(HOST, { ccpa: {} }, 'web').ccpaEnforce, HOST.ccpaEnforce);
  assert.equal(accountPrivacySettings(HOST, undefined, 'web'), HOST);
});

test('IP bits come from privacy.ipv4/ipv6.anon_keep_bits', () => {
  const s = accountPrivacySettings(
    HOST,
    { ipv4: { anon_keep_bits: 16 }, ipv6: { anon_keep_bits: 48 } },
    'web',
  );
  assert.equal(s.ipv4KeepBits, 16);
  assert.equal(s.ipv6KeepBits, 48);
  assert.equal(hasAccountPrivacy({ dsa: {} }), false);
  assert.equal(hasAccountPrivacy({ ipv4: {} }), true);
});

test('wrong types are reported by path', () => {
  assert.deepEqual(accountPrivacyErrors({ gdpr: { enabled: 'yes' }, ccpa: [] }), [
    'gdpr.enabled must be a boolean',
    'ccpa must be an object',
  ]);
  assert.deepEqual(accountPrivacyErrors({ gdpr: { channel_enabled: { web: 1 } } }), [
    'gdpr.channel_enabled.web must be a boolean',
  ]);
  assert.deepEqual(accountPrivacyErrors({ privacy: { ipv4: { anon_keep_bits: 40 } } }), [
    'privacy.ipv4.anon_keep_bits must be an integer from 0 to 32',
  ]);
  assert.deepEqual(
    accountPrivacyErrors({ gdpr: { enabled: true }, privacy: { ipv6: { anon_keep_bits: 64 } } }),
    [],
  );
});

test('the account gdpr block overrides the host TCF rules for its requests', async () => {
  const { privacySettingsFromConfig } = await import('./settings.js');
  const { testConfig } = await import('../../test/harness.js');
  const host = privacySettingsFromConfig(testConfig().privacy);
  assert.equal(host.gdpr.tcf?.purposes.get(2)?.enforcePurpose, true);
  const s = accountPrivacySettings(
    host,
    { gdpr: { purpose2: { enforce_purpose: false, vendor_exceptions: ['beta'] } } },
    'web',
  );
  assert.equal(s.gdpr.tcf?.purposes.get(2)?.enforcePurpose, false);
  assert.equal(s.gdpr.enforcePurpose2, false, 'the no-list path follows the same rule');
  assert.ok(s.gdpr.tcf?.purposes.get(2)?.vendorExceptions.has('beta'));
  assert.equal(host.gdpr.tcf?.purposes.get(2)?.enforcePurpose, true, 'the host settings are untouched');
});
