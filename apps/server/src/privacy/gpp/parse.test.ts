import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseGpp, parseGppFromRequest } from './parse.js';
import { encodeGpp, FIXTURE_GPP, FIXTURE_TCF } from './gpp.testkit.js';

test('no GPP string: nothing parsed, sids kept', () => {
  const p = parseGpp(undefined, [2]);
  assert.deepEqual(p.sids, [2]);
  assert.deepEqual(p.sectionIds, []);
  assert.equal(p.errors.length, 0);
  assert.equal(parseGpp('').gpp, undefined);
});

test('fixture string: TCF EU v2 and USP v1 sections as raw strings', () => {
  const p = parseGpp(FIXTURE_GPP, [2, 6]);
  assert.deepEqual(p.sectionIds, [2, 6]);
  assert.equal(p.tcfEuV2, FIXTURE_TCF);
  assert.equal(p.uspV1, '1NYN');
  assert.deepEqual(p.errors, []);
  assert.equal(p.us.size, 0);
});

test('US national and state sections are decoded with the library', () => {
  const gpp = encodeGpp({
    usnat: { SaleOptOutNotice: 1, SaleOptOut: 1 },
    usca: { SaleOptOut: 2 },
    usct: { TargetedAdvertisingOptOut: 1 },
  });
  const p = parseGpp(gpp, [7, 8, 12]);
  assert.deepEqual(p.sectionIds, [7, 8, 12]);
  assert.equal(p.us.get(7)?.fields['SaleOptOut'], 1);
  assert.equal(p.us.get(8)?.fields['SaleOptOut'], 2);
  assert.equal(p.us.get(12)?.fields['TargetedAdvertisingOptOut'], 1);
  assert.equal(p.us.get(7)?.name, 'usnat');
});

test('later states the library knows are decoded too (no G error for them)', () => {
  const gpp = encodeGpp({ usfl: { SaleOptOut: 1 } });
  const p = parseGpp(gpp);
  assert.deepEqual(p.sectionIds, [13]);
  assert.equal(p.us.get(13)?.fields['SaleOptOut'], 1);
  const broken = parseGpp(gpp.split('~')[0] + '~!!');
  assert.deepEqual(broken.errors, []);
  assert.ok(broken.sectionErrors.has(13));
});

test('header errors are worded as go-gpp and leave no sections', () => {
  const cases: Array<[string, string]> = [
    ['DBA', 'error parsing GPP header, should be at least 4 bytes long'],
    ['XBACNYA~1NYN', 'error parsing GPP header, header must have type=3'],
    ['DB!CNYA~1NYN', 'error parsing GPP header, base64 decoding: illegal base64 data at input byte 2'],
    [
      'DBACNYA~1NYN',
      'error parsing GPP header, section IDs do not match the number of sections: found 2 IDs, have 1 sections',
    ],
  ];
  for (const [gpp, error] of cases) {
    const p = parseGpp(gpp, [6]);
    assert.deepEqual(p.errors, [error], gpp);
    assert.deepEqual(p.sectionIds, [], gpp);
    assert.equal(p.uspV1, undefined, gpp);
  }
  const unreadable = parseGpp('DBAC~x');
  assert.match(unreadable.errors[0] ?? '', /^error parsing GPP header, section identifiers: /);
});

test('a broken US section is an error (G name) while the other sections stay usable', () => {
  const good = encodeGpp({ uspv1: { Notice: 'Y', OptOutSale: 'Y' }, usnat: { SaleOptOut: 1 } });
  const [header, usp] = good.split('~');
  const p = parseGpp(`${header}~${usp}~!!!`, [6, 7]);
  assert.equal(p.uspV1, '1YY-');
  assert.equal(p.us.has(7), false);
  assert.equal(p.errors.length, 1);
  assert.match(p.errors[0] ?? '', /^error parsing uspnat consent string: /);
});

test('request: 2.6 places first, then regs.ext; integer sids only', () => {
  const p = parseGppFromRequest({
    regs: { gpp: FIXTURE_GPP, gpp_sid: [6, 'x'], ext: { gpp: 'DBA', gpp_sid: [2] } },
  } as never);
  assert.equal(p.uspV1, '1NYN');
  assert.deepEqual(p.sids, [6]);
  const ext = parseGppFromRequest({ regs: { ext: { gpp: FIXTURE_GPP, gpp_sid: [2] } } } as never);
  assert.equal(ext.tcfEuV2, FIXTURE_TCF);
  assert.deepEqual(ext.sids, [2]);
  assert.deepEqual(parseGppFromRequest({} as never).sectionIds, []);
  assert.deepEqual(parseGppFromRequest({ regs: { gpp_sid: [] } } as never).sids, []);
});
