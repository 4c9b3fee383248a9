// Unit tests of the AMP mappers: query parsing, size rules 1–7, the timeout rule, consent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAmpQuery, type AmpQuery } from './query.js';
import { resolveFormats } from './sizes.js';
import { ampTmax } from './timeout.js';
import { applyAmpConsent, consentedProviders } from './consent.js';

const TCF2 = 'CPdECS0PdECS0ACABBENAzCv_____3___wAAAQNd_X9cAAAAAAAA';
const q = (extra: Partial<AmpQuery> = {}): AmpQuery => ({ debug: false, ...extra });
const stored = [
  { w: 300, h: 250 },
  { w: 320, h: 50 },
];

test('query: strings, sizes, consent aliases; malformed ms ignored whole; bad timeout / gdpr_applies refused', () => {
  const ok = parseAmpQuery({
    tag_id: 't',
    w: '300',
    h: 'x',
    ms: '300x250,320X50',
    consent_string: 'new',
    gdpr_consent: 'old',
    gdpr_applies: 'false',
    debug: '1',
    timeout: '800',
  });
  assert.ok(ok.ok);
  assert.deepEqual(ok.query, {
    debug: true,
    tagId: 't',
    w: 300,
    ms: [
      { w: 300, h: 250 },
      { w: 320, h: 50 },
    ],
    timeout: 800,
    consent: 'new',
    gdprApplies: false,
  });
  const badMs = parseAmpQuery({ ms: '300x250,banana' });
  assert.ok(badMs.ok);
  assert.equal(badMs.query.ms, undefined);
  const timeout = parseAmpQuery({ tag_id: 't', timeout: '-5' });
  assert.ok(!timeout.ok);
  assert.match(timeout.error, /^timeout /);
  const applies = parseAmpQuery({ tag_id: 't', gdpr_applies: 'yes' });
  assert.ok(!applies.ok);
  assert.match(applies.error, /^gdpr_applies /);
  const legacy = parseAmpQuery({ gdpr_consent: 'old', gdpr_applies: '' });
  assert.ok(legacy.ok);
  assert.equal(legacy.query.consent, 'old');
  assert.equal(legacy.query.gdprApplies, undefined);
});

test('sizes: the first matching rule of 1–7 wins', () => {
  const ms = [{ w: 728, h: 90 }];
  assert.deepEqual(resolveFormats(q({ ow: 1, oh: 2, w: 3, h: 4, ms }), stored), [{ w: 1, h: 2 }]);
  assert.deepEqual(resolveFormats(q({ ow: 1, h: 4, ms }), stored), [{ w: 1, h: 4 }]);
  assert.deepEqual(resolveFormats(q({ oh: 2, w: 3, ms }), stored), [{ w: 3, h: 2 }]);
  assert.deepEqual(resolveFormats(q({ w: 3, h: 4, ms }), stored), ms);
  assert.deepEqual(resolveFormats(q({ w: 3, h: 4 }), stored), [{ w: 3, h: 4 }]);
  assert.deepEqual(resolveFormats(q({ w: 3 }), stored), [
    { w: 3, h: 250 },
    { w: 3, h: 50 },
  ]);
  assert.deepEqual(resolveFormats(q({ h: 4 }), stored), [
    { w: 300, h: 4 },
    { w: 320, h: 4 },
  ]);
  // ow alone is no rule: unchanged
  assert.equal(resolveFormats(q({ ow: 1 }), stored), undefined);
  assert.equal(resolveFormats(q(), stored), undefined);
});

test('timeout: min(timeout, default) − adjustment; else stored tmax; else the default; capped by max', () => {
  const s = { defaultMs: 1000, adjustmentMs: 100, maxMs: 3000 };
  assert.equal(ampTmax(800, 5000, s), 700);
  assert.equal(ampTmax(2500, undefined, s), 900);
  assert.equal(ampTmax(50, undefined, s), 1);
  assert.equal(ampTmax(undefined, 450, s), 450);
  assert.equal(ampTmax(undefined, 9000, s), 3000);
  assert.equal(ampTmax(undefined, undefined, s), 1000);
  assert.equal(ampTmax(0, 'x', s), 1000);
});

test('consent: TCF2 → user.ext.consent + regs.ext.gdpr; US privacy → regs.ext.us_privacy; else warnings', () => {
  const base = { id: 'r', imp: [] };
  const tcf = applyAmpConsent(base, q({ consent: TCF2, consentType: '2' }));
  assert.deepEqual(tcf.request.user, { ext: { consent: TCF2 } });
  assert.deepEqual(tcf.request.regs, { ext: { gdpr: 1 } });
  assert.deepEqual(tcf.warnings, []);
  const notApplies = applyAmpConsent(base, q({ consent: TCF2, gdprApplies: false }));
  assert.deepEqual(notApplies.request.regs, { ext: { gdpr: 0 } });
  const usp = applyAmpConsent(base, q({ consent: '1YNN', consentType: '3' }));
  assert.deepEqual(usp.request.regs, { ext: { us_privacy: '1YNN' } });
  const sniffed = applyAmpConsent(base, q({ consent: '1YNN' }));
  assert.deepEqual(sniffed.request.regs, { ext: { us_privacy: '1YNN' } });
  for (const [consent, consentType, message] of [
    ['whatever', undefined, /not recognized as one of the supported formats/],
    ['whatever', '2', /not a valid TCF2/],
    [TCF2, '3', /not a valid CCPA/],
    [TCF2, '1', /TCF1 consent is deprecated/],
    [TCF2, '9', /Invalid consent_type/],
  ] as const) {
    const out = applyAmpConsent(base, q({ consent, ...(consentType ? { consentType } : {}) }));
    assert.equal(out.request, base);
    assert.equal(out.warnings.length, 1);
    assert.equal(out.warnings[0]?.code, 10001);
    assert.match(out.warnings[0]?.message ?? '', message);
  }
  assert.deepEqual(consentedProviders('1~1.35.x.41'), [1, 35, 41]);
  const addtl = applyAmpConsent(base, q({ addtlConsent: '1~7.9' }));
  assert.deepEqual(addtl.request.user?.ext, {
    ConsentedProvidersSettings: { consented_providers: '1~7.9' },
    consented_providers_settings: { consented_providers: [7, 9] },
  });
});

test('consent: consent_type 4 is GPP (regs.gpp), gpp_sid becomes regs.gpp_sid (J)', () => {
  const base = { id: 'r', imp: [] };
  const gpp = applyAmpConsent(
    base,
    q({ consent: 'DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA', consentType: '4', gppSid: [2] }),
  );
  assert.deepEqual(gpp.request.regs, {
    gpp_sid: [2],
    gpp: 'DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA',
  });
  assert.deepEqual(gpp.warnings, []);
  const parsed = parseAmpQuery({ tag_id: 't', gpp_sid: '2,6' });
  assert.ok(parsed.ok);
  assert.deepEqual(parsed.ok ? parsed.query.gppSid : undefined, [2, 6]);
  const bad = parseAmpQuery({ tag_id: 't', gpp_sid: '2,x' });
  assert.equal(bad.ok ? bad.query.gppSid : 'error', undefined, 'an unreadable list is left out (J)');
});
