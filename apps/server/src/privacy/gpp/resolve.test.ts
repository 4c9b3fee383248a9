import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BidRequest } from '../../openrtb/types.js';
import { parseGppFromRequest } from './parse.js';
import { GPP_WARNING, resolveGppPrivacy } from './resolve.js';
import { encodeGpp, FIXTURE_GPP, FIXTURE_TCF } from './gpp.testkit.js';

const resolve = (request: unknown) =>
  resolveGppPrivacy(request as BidRequest, parseGppFromRequest(request as BidRequest));
const messages = (r: ReturnType<typeof resolve>) => r.warnings.map((w) => w.message);

test('no GPP: legacy fields as they are (2.5 ext places as fallbacks), no warnings', () => {
  const r = resolve({
    regs: { ext: { gdpr: 1, us_privacy: '1YNN' } },
    user: { ext: { consent: FIXTURE_TCF } },
  });
  assert.deepEqual(r, { gdpr: 1, consent: FIXTURE_TCF, usPrivacy: '1YNN', warnings: [] });
  assert.deepEqual(resolve({}), { warnings: [] });
});

test('gdpr-conflict: gpp_sid without 2 overrides regs.gdpr 1 and warns', () => {
  const r = resolve({
    regs: { gpp: FIXTURE_GPP, gpp_sid: [6], gdpr: 1 },
    user: { consent: FIXTURE_TCF, ext: {} },
  });
  assert.deepEqual(messages(r), [GPP_WARNING.gdprConflict]);
  assert.equal(r.warnings[0]?.code, 10001);
  assert.equal(r.gdpr, 0);
  assert.equal(r.consent, FIXTURE_TCF);
  assert.equal(r.usPrivacy, '1NYN');
});

test('gdpr-conflict2: user.consent differs from the GPP TCF section; the section wins', () => {
  const r = resolve({
    regs: { gpp: FIXTURE_GPP, gpp_sid: [2, 6], gdpr: 1 },
    user: { consent: 'Invalid', ext: {} },
  });
  assert.deepEqual(messages(r), [
    'user.consent GDPR string conflicts with GPP (regs.gpp) GDPR string, using regs.gpp',
  ]);
  assert.equal(r.gdpr, 1);
  assert.equal(r.consent, FIXTURE_TCF);
});

test('empty-gppsid-conflict: an empty gpp_sid warns against regs.gdpr 1 but does not override it', () => {
  const r = resolve({
    regs: { gpp: FIXTURE_GPP, gpp_sid: [], gdpr: 1, ext: { us_privacy: '1YYY' } },
    user: { consent: FIXTURE_TCF, ext: {} },
  });
  assert.deepEqual(messages(r), ['regs.gdpr signal conflicts with GPP (regs.gpp_sid) and will be ignored']);
  assert.equal(r.gdpr, 1);
  // gpp_sid does not list 6: the request's own us_privacy stays, without a warning.
  assert.equal(r.usPrivacy, '1YYY');
});

test('us_privacy differing from the GPP USP v1 section (listed in gpp_sid): GPP wins, warning', () => {
  const r = resolve({ regs: { gpp: FIXTURE_GPP, gpp_sid: [6], us_privacy: '1YNN' } });
  assert.deepEqual(messages(r), ['regs.us_privacy consent does not match uspv1 in GPP, using regs.gpp']);
  assert.equal(r.usPrivacy, '1NYN');
  assert.equal(r.gdpr, 0);
});

test('equal values do not warn; a USP section outside gpp_sid is not used', () => {
  const same = resolve({
    regs: { gpp: FIXTURE_GPP, gpp_sid: [2, 6], gdpr: 1, us_privacy: '1NYN' },
    user: { consent: FIXTURE_TCF },
  });
  assert.deepEqual(same.warnings, []);
  const outside = resolve({ regs: { gpp: FIXTURE_GPP, gpp_sid: [2] } });
  assert.equal(outside.usPrivacy, undefined);
  assert.equal(outside.gdpr, 1);
  assert.equal(outside.consent, FIXTURE_TCF);
});

test('no user object: no consent comparison (G validateUser)', () => {
  const r = resolve({ regs: { gpp: FIXTURE_GPP, gpp_sid: [2] } });
  assert.deepEqual(r.warnings, []);
});

test('an invalid GPP string warns with the first parse error, in G order before the conflicts', () => {
  const r = resolve({ regs: { gpp: 'XBAC~1NYN', gpp_sid: [6], gdpr: 1, us_privacy: '1YNN' } });
  assert.deepEqual(messages(r), [
    'GPP consent string is invalid and will be ignored. (error parsing GPP header, header must have type=3)',
    GPP_WARNING.gdprConflict,
  ]);
  // No sections: the request's us_privacy stays.
  assert.equal(r.usPrivacy, '1YNN');
  assert.equal(r.gdpr, 0);
});

test('a broken US section warns but TCF/USP sections of the same string still resolve', () => {
  const [header, usp] = encodeGpp({
    uspv1: { Notice: 'Y', OptOutSale: 'N' },
    usnat: { SaleOptOut: 0 },
  }).split('~');
  const r = resolve({ regs: { gpp: `${header}~${usp}~***`, gpp_sid: [6, 7], us_privacy: '1YYY' } });
  assert.equal(r.warnings.length, 2);
  assert.match(
    r.warnings[0]?.message ?? '',
    /^GPP consent string is invalid and will be ignored\. \(error parsing uspnat consent string: /,
  );
  assert.equal(r.warnings[1]?.message, GPP_WARNING.usPrivacyConflict);
  assert.equal(r.usPrivacy, '1YN-');
});
