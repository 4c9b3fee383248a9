import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../openrtb/types.js';
import { createPrivacyEnforcement, enforcePrivacy } from './enforce-privacy.js';
import { DEFAULT_PRIVACY_SETTINGS } from './settings.js';
import { consentString } from './tcf-test-strings.js';

const registry = {
  lookup: (code: string) => ({ info: code === 'alpha' ? { gvlVendorId: 32 } : {} }),
};

test('enforcers run in order per bidder; refused bidders become seats with warning 10017', () => {
  const consent = consentString({ purposeConsents: [2], vendorConsents: [32, 77], specialFeatures: [1] });
  const shared: BidRequest = {
    id: 'r',
    imp: [],
    regs: { gdpr: 1, us_privacy: '1NYN' },
    user: { consent, buyeruid: 'b' },
    device: { ip: '10.1.2.3' },
    ext: { core: { aliasgvlids: { gamma: 77 }, nosale: ['gamma'] } },
  };
  const targets = ['alpha', 'beta', 'gamma'].map((b) => ({
    bidder: b,
    adapterCode: b === 'gamma' ? 'beta' : b,
    request: shared,
  }));
  const out = enforcePrivacy(shared, targets, {
    ns: 'core',
    registry,
    enforcement: createPrivacyEnforcement(DEFAULT_PRIVACY_SETTINGS),
  });
  assert.deepEqual(out.refused, [
    {
      bidder: 'beta',
      bids: [],
      errors: [],
      warnings: [{ code: 10017, message: 'bidder "beta" blocked by privacy settings' }],
    },
  ]);
  const [alpha, gamma] = out.allowed;
  assert.equal(alpha?.bidder, 'alpha');
  assert.equal(alpha?.request.user?.buyeruid, undefined, 'CCPA opt-out scrubs alpha');
  assert.equal(alpha?.request.device?.ip, '10.1.2.0');
  assert.equal(gamma?.bidder, 'gamma', 'alias vendor id from aliasgvlids');
  assert.equal(gamma?.request, shared, 'nosale: gamma gets the request untouched');
  assert.equal(shared.user?.buyeruid, 'b', 'the shared request is not mutated');
  assert.deepEqual(out.warnings, []);
});
