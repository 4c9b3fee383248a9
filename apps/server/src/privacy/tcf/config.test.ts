import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '@gavel/common';
import { resolveTcfConfig, purposeConfig } from './config.js';
import { consent, hostConfig } from './consent.testkit.js';
import { vendorListForConsent } from './decide.js';
import { createVendorListService } from '../gvl/service.js';
import type { GvlTransport } from '../gvl/types.js';

describe('resolveTcfConfig: host defaults and account overrides', () => {
  test('host defaults are G defaults', () => {
    const c = resolveTcfConfig(hostConfig());
    assert.equal(c.enabled, true);
    for (let n = 1; n <= 10; n++) {
      const p = purposeConfig(c, n);
      assert.deepEqual(
        [p.algo, p.enforcePurpose, p.enforceVendors, p.vendorExceptions.size],
        ['full', true, true, 0],
      );
    }
    assert.deepEqual(c.purposeOneTreatment, { enabled: true, accessAllowed: true });
    assert.equal(c.specialFeature1.enforce, true);
    assert.equal(c.basicEnforcementVendors.size, 0);
    assert.equal(purposeConfig(c, 11).enforcePurpose, false);
  });

  test('account keys win one by one; unset keys keep the host value', () => {
    const host = hostConfig((h) => {
      h.purpose3['vendor-exceptions'] = ['a'];
      h.purpose4['enforce-algo'] = 'basic';
      h['basic-enforcement-vendors'] = ['b'];
    });
    const c = resolveTcfConfig(host, {
      purpose2: { enforce_purpose: false },
      purpose3: { vendor_exceptions: [] },
      purpose4: { enforce_algo: 'full', enforce_vendors: false },
      purpose_one_treatment: { access_allowed: false },
      special_feature1: { enforce: false, vendor_exceptions: ['x'] },
      basic_enforcement_vendors: ['c'],
    });
    assert.equal(purposeConfig(c, 2).enforcePurpose, false);
    assert.equal(purposeConfig(c, 2).enforceVendors, true);
    assert.equal(purposeConfig(c, 3).vendorExceptions.size, 0, 'an empty account list overrides');
    assert.equal(purposeConfig(c, 4).algo, 'full');
    assert.equal(purposeConfig(c, 4).enforceVendors, false);
    assert.deepEqual(c.purposeOneTreatment, { enabled: true, accessAllowed: false });
    assert.deepEqual([c.specialFeature1.enforce, [...c.specialFeature1.vendorExceptions]], [false, ['x']]);
    assert.deepEqual([...c.basicEnforcementVendors], ['c']);
    const inherit = resolveTcfConfig(host, {});
    assert.deepEqual([...purposeConfig(inherit, 3).vendorExceptions], ['a']);
    assert.equal(purposeConfig(inherit, 4).algo, 'basic');
    assert.deepEqual([...inherit.basicEnforcementVendors], ['b']);
  });
});

describe('resolveTcfConfig: value types and enabled', () => {
  test('values of the wrong type are unset; kebab-case keys are read', () => {
    const c = resolveTcfConfig(hostConfig(), {
      purpose2: { 'enforce-purpose': false, enforce_algo: 'strict', enforce_vendors: 'no' },
      special_feature1: { vendor_exceptions: 'x' },
    });
    assert.equal(purposeConfig(c, 2).enforcePurpose, false);
    assert.equal(purposeConfig(c, 2).algo, 'full');
    assert.equal(purposeConfig(c, 2).enforceVendors, true);
    assert.equal(c.specialFeature1.vendorExceptions.size, 0);
  });

  test('enabled: channel_enabled, then integration_enabled, then account enabled, then host', () => {
    const host = hostConfig();
    assert.equal(resolveTcfConfig(host, { enabled: false }, 'web').enabled, false);
    assert.equal(
      resolveTcfConfig(host, { enabled: false, channel_enabled: { web: true } }, 'web').enabled,
      true,
    );
    assert.equal(
      resolveTcfConfig(host, { enabled: true, integration_enabled: { amp: false } }, 'amp').enabled,
      false,
    );
    assert.equal(resolveTcfConfig(host, { channel_enabled: { amp: false } }, 'web').enabled, true);
    const off = hostConfig((h) => (h.enabled = false));
    assert.equal(resolveTcfConfig(off, undefined, 'web').enabled, false);
  });
});

describe('vendorListForConsent', () => {
  test('asks the service for the consent string spec and list version', () => {
    const asked: string[] = [];
    const transport: GvlTransport = async (url) => {
      asked.push(url);
      return { statusCode: 500, body: [] };
    };
    const svc = createVendorListService({
      urlTemplate: 'http://gvl.test/v{specVersion}/{listVersion}',
      fetchTimeoutMs: 100,
      retries: 0,
      maxVersions: 5,
      transport,
      clock: createManualClock(),
    });
    assert.equal(vendorListForConsent(svc, consent({})), undefined);
    assert.deepEqual(asked, ['http://gvl.test/v3/100']);
  });
});
