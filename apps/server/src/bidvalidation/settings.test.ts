import { test } from 'node:test';
import assert from 'node:assert/strict';
import { effectiveValidationSettings, hostValidationSettings, parseAccountValidations } from './settings.js';

const host = hostValidationSettings({
  'banner-creative-max-size': 'skip',
  'secure-markup': 'warn',
  'max-creative-width': 300,
  'max-creative-height': 250,
});

test('host section maps to settings', () => {
  assert.deepEqual(host, {
    bannerCreativeMaxSize: 'skip',
    secureMarkup: 'warn',
    maxCreativeWidth: 300,
    maxCreativeHeight: 250,
  });
});

test('the account replaces only the banner mode (G SetBannerCreativeMaxSize)', () => {
  const account = parseAccountValidations({
    banner_creative_max_size: 'enforce',
    secure_markup: 'enforce',
    max_creative_width: 1,
    max_creative_height: 1,
  });
  assert.deepEqual(account.errors, []);
  assert.deepEqual(effectiveValidationSettings(host, account.value), {
    ...host,
    bannerCreativeMaxSize: 'enforce',
  });
});

test('an empty or absent account mode keeps the host mode', () => {
  assert.equal(
    effectiveValidationSettings(host, parseAccountValidations({ banner_creative_max_size: '' }).value),
    host,
  );
  assert.equal(effectiveValidationSettings(host, parseAccountValidations(undefined).value), host);
  assert.equal(effectiveValidationSettings(host, undefined), host);
});

test('an unknown account mode acts as skip (upstream only compares with warn/enforce)', () => {
  const s = effectiveValidationSettings(
    { ...host, bannerCreativeMaxSize: 'enforce' },
    parseAccountValidations({ banner_creative_max_size: 'strict' }).value,
  );
  assert.equal(s.bannerCreativeMaxSize, 'skip');
});

test('wrong types are reported, never thrown', () => {
  assert.deepEqual(parseAccountValidations('x'), { value: {}, errors: ['validations must be an object'] });
  assert.deepEqual(parseAccountValidations({ banner_creative_max_size: 1, max_creative_width: 'a' }).errors, [
    'validations.banner_creative_max_size must be a string',
    'validations.max_creative_width must be an integer',
  ]);
});
