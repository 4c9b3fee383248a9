import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createActivityControl } from '../activities/control.js';
import type { ActivityName } from '../activities/types.js';
import { parseGpp } from './parse.js';
import { createUsGeneralEvaluator, usPrivacyActivities, type UsPrivacyOptions } from './us-activities.js';
import { encodeGpp, type SectionFields } from './gpp.testkit.js';

/** A US National section that denies nothing: notices given, nobody opted out, no sensitive data. */
const NAT_OK = {
  SharingNotice: 1,
  SaleOptOutNotice: 1,
  SharingOptOutNotice: 1,
  TargetedAdvertisingOptOutNotice: 1,
  SensitiveDataProcessingOptOutNotice: 1,
  SensitiveDataLimitUseNotice: 1,
  SaleOptOut: 2,
  SharingOptOut: 2,
  TargetedAdvertisingOptOut: 2,
  MspaServiceProviderMode: 2,
};

const sdp = (index: number, value: number, size = 16) =>
  Array.from({ length: size }, (_, i) => (i === index ? value : 0));

function run(sections: SectionFields, sids: number[], opts?: UsPrivacyOptions) {
  return usPrivacyActivities(parseGpp(encodeGpp(sections), sids), opts);
}

/** The three decided activities as deny flags: [syncUser, transmitUfpd, transmitPreciseGeo]. */
function denies(
  sections: SectionFields,
  sids: number[],
  opts?: UsPrivacyOptions,
): [boolean, boolean, boolean] {
  const r = run(sections, sids, opts);
  assert.equal(r.enrichUfpd, r.syncUser, 'enrichUfpd follows syncUser');
  return [r.syncUser === 'deny', r.transmitUfpd === 'deny', r.transmitPreciseGeo === 'deny'];
}
const nat = (fields: Record<string, unknown>) => denies({ usnat: Object.assign({}, NAT_OK, fields) }, [7]);

const ALL: [boolean, boolean, boolean] = [true, true, true];
const NONE: [boolean, boolean, boolean] = [false, false, false];
const OPT_OUTS: [boolean, boolean, boolean] = [true, true, false];
const GEO_UFPD: [boolean, boolean, boolean] = [false, true, true];
const UFPD: [boolean, boolean, boolean] = [false, true, false];
const GEO: [boolean, boolean, boolean] = [false, false, true];

describe('US National (sid 7), per rule: baseline and opt-outs', () => {
  test('baseline allows the decided activities and abstains on the others', () => {
    const r = run({ usnat: NAT_OK }, [7]);
    for (const a of ['syncUser', 'enrichUfpd', 'transmitUfpd', 'transmitPreciseGeo'] as ActivityName[]) {
      assert.equal(r[a], 'allow', a);
    }
    for (const a of [
      'fetchBids',
      'reportAnalytics',
      'transmitTid',
      'transmitUniqueRequestIds',
    ] as ActivityName[]) {
      assert.equal(r[a], 'abstain', a);
    }
  });
  test('MSPA service provider mode yes denies all', () =>
    assert.deepEqual(nat({ MspaServiceProviderMode: 1 }), ALL));
  test('GPC denies all', () => assert.deepEqual(nat({ Gpc: true }), ALL));
  test('sale', () => {
    assert.deepEqual(nat({ SaleOptOut: 1 }), OPT_OUTS);
    assert.deepEqual(nat({ SaleOptOutNotice: 2 }), OPT_OUTS);
    assert.deepEqual(nat({ SaleOptOutNotice: 0, SaleOptOut: 2 }), OPT_OUTS);
    assert.deepEqual(nat({ SaleOptOutNotice: 0, SaleOptOut: 0 }), NONE);
  });
  test('sharing', () => {
    assert.deepEqual(nat({ SharingNotice: 2 }), OPT_OUTS);
    assert.deepEqual(nat({ SharingOptOut: 1 }), OPT_OUTS);
    assert.deepEqual(nat({ SharingOptOutNotice: 2 }), OPT_OUTS);
    assert.deepEqual(nat({ SharingNotice: 0 }), OPT_OUTS);
    assert.deepEqual(nat({ SharingOptOutNotice: 0 }), OPT_OUTS);
    assert.deepEqual(nat({ SharingNotice: 0, SharingOptOutNotice: 0, SharingOptOut: 0 }), NONE);
  });
  test('targeted advertising', () => {
    assert.deepEqual(nat({ TargetedAdvertisingOptOut: 1 }), OPT_OUTS);
    assert.deepEqual(nat({ TargetedAdvertisingOptOutNotice: 2 }), OPT_OUTS);
    assert.deepEqual(nat({ TargetedAdvertisingOptOutNotice: 0 }), OPT_OUTS);
    assert.deepEqual(nat({ TargetedAdvertisingOptOutNotice: 0, TargetedAdvertisingOptOut: 0 }), NONE);
  });
});

describe('US National (sid 7), per rule: children, consents and sensitive data', () => {
  test('known child', () => {
    assert.deepEqual(nat({ KnownChildSensitiveDataConsents: [1, 0, 0] }), ALL);
    assert.deepEqual(nat({ KnownChildSensitiveDataConsents: [0, 1, 0] }), ALL);
    assert.deepEqual(nat({ KnownChildSensitiveDataConsents: [0, 0, 1] }), ALL);
    assert.deepEqual(nat({ KnownChildSensitiveDataConsents: [0, 2, 0] }), ALL);
    assert.deepEqual(nat({ KnownChildSensitiveDataConsents: [2, 0, 2] }), NONE);
  });
  test('personal data consents, and allowPersonalDataConsent2', () => {
    assert.deepEqual(nat({ PersonalDataConsents: 2 }), ALL);
    assert.deepEqual(nat({ PersonalDataConsents: 1 }), NONE);
    const sections = { usnat: Object.assign({}, NAT_OK, { PersonalDataConsents: 2 }) };
    assert.deepEqual(denies(sections, [7], { allowPersonalDataConsent2: true }), NONE);
  });
  test('sensitive data notices', () => {
    assert.deepEqual(nat({ SensitiveDataProcessingOptOutNotice: 2 }), GEO_UFPD);
    assert.deepEqual(nat({ SensitiveDataLimitUseNotice: 2 }), GEO_UFPD);
    assert.deepEqual(nat({ SensitiveDataProcessingOptOutNotice: 0 }), NONE);
  });
  test('precise geo (category index 7)', () => {
    assert.deepEqual(nat({ SensitiveDataProcessing: sdp(7, 1) }), GEO);
    assert.deepEqual(nat({ SensitiveDataProcessing: sdp(7, 2) }), NONE);
    assert.deepEqual(nat({ SensitiveDataProcessing: sdp(7, 2), SensitiveDataLimitUseNotice: 0 }), GEO);
  });
  test('other sensitive categories', () => {
    assert.deepEqual(nat({ SensitiveDataProcessing: sdp(0, 1) }), UFPD);
    assert.deepEqual(nat({ SensitiveDataProcessing: sdp(0, 2) }), NONE);
    assert.deepEqual(
      nat({ SensitiveDataProcessing: sdp(0, 2), SensitiveDataProcessingOptOutNotice: 0 }),
      UFPD,
    );
    assert.deepEqual(nat({ SensitiveDataProcessing: sdp(5, 1) }), UFPD);
    assert.deepEqual(nat({ SensitiveDataProcessing: sdp(5, 2) }), UFPD);
    assert.deepEqual(nat({ SensitiveDataProcessing: sdp(15, 2) }), UFPD);
    assert.deepEqual(nat({ SensitiveDataProcessing: sdp(14, 1) }), UFPD);
  });
});

describe('scope', () => {
  test('no US section in gpp_sid, or skipped: every activity abstains', () => {
    const gpp = encodeGpp({ usnat: { SaleOptOut: 1 } });
    for (const r of [
      usPrivacyActivities(parseGpp(gpp)),
      usPrivacyActivities(parseGpp(gpp, [2, 6])),
      usPrivacyActivities(parseGpp(gpp, [7]), { skipSids: [7] }),
    ]) {
      assert.ok(Object.values(r).every((v) => v === 'abstain'));
    }
  });
  test('a deny in any section in scope wins; a skipped section does not count', () => {
    const sections = { usnat: NAT_OK, usva: { SaleOptOut: 1 } };
    assert.deepEqual(denies(sections, [7, 9]), OPT_OUTS);
    assert.deepEqual(denies(sections, [7, 9], { skipSids: [9] }), NONE);
  });
  test('a section the library cannot decode is left out', () => {
    const header = encodeGpp({ usnat: { SaleOptOut: 1 } }).split('~')[0];
    const r = usPrivacyActivities(parseGpp(`${header}~!!!`, [7]));
    assert.equal(r.syncUser, 'abstain');
  });
});

const VA_OK = {
  SharingNotice: 1,
  SaleOptOutNotice: 1,
  TargetedAdvertisingOptOutNotice: 1,
  SaleOptOut: 2,
  TargetedAdvertisingOptOut: 2,
  MspaServiceProviderMode: 2,
};
const CA_OK = {
  SaleOptOutNotice: 1,
  SharingOptOutNotice: 1,
  SensitiveDataLimitUseNotice: 1,
  SaleOptOut: 2,
  SharingOptOut: 2,
  MspaServiceProviderMode: 2,
};
const with_ = (base: Record<string, unknown>, fields: Record<string, unknown>) =>
  Object.assign({}, base, fields);

describe('states mapped onto the national rules (J USMapped readers)', () => {
  test('California: baseline, opt-outs, precise geo from its category 3 (index 2), child', () => {
    assert.deepEqual(denies({ usca: CA_OK }, [8]), NONE);
    assert.deepEqual(denies({ usca: with_(CA_OK, { SharingOptOut: 1 }) }, [8]), OPT_OUTS);
    assert.deepEqual(denies({ usca: with_(CA_OK, { SensitiveDataProcessing: sdp(2, 1, 9) }) }, [8]), GEO);
    assert.deepEqual(denies({ usca: with_(CA_OK, { SensitiveDataProcessing: sdp(0, 1, 9) }) }, [8]), UFPD);
    assert.deepEqual(denies({ usca: with_(CA_OK, { KnownChildSensitiveDataConsents: [0, 2] }) }, [8]), ALL);
    assert.deepEqual(denies({ usca: with_(CA_OK, { Gpc: true }) }, [8]), ALL);
  });
  test('listed but absent: California and Connecticut deny (J reads a known child), Virginia does not', () => {
    const sections = { usnat: NAT_OK };
    assert.deepEqual(denies(sections, [8]), ALL);
    assert.deepEqual(denies(sections, [12]), ALL);
    assert.deepEqual(denies(sections, [9]), NONE);
  });
  test('Virginia: opt-outs, single known-child value, precise geo at index 7', () => {
    assert.deepEqual(denies({ usva: VA_OK }, [9]), NONE);
    assert.deepEqual(denies({ usva: with_(VA_OK, { TargetedAdvertisingOptOut: 1 }) }, [9]), OPT_OUTS);
    assert.deepEqual(denies({ usva: with_(VA_OK, { KnownChildSensitiveDataConsents: 2 }) }, [9]), ALL);
    assert.deepEqual(denies({ usva: with_(VA_OK, { SensitiveDataProcessing: sdp(7, 1, 8) }) }, [9]), GEO);
  });
  test('Colorado reads GPC, Virginia has none', () => {
    assert.deepEqual(denies({ usco: with_(VA_OK, { Gpc: true }) }, [10]), ALL);
    assert.deepEqual(denies({ usco: VA_OK }, [10]), NONE);
  });
  test('Utah: categories remapped (its index 4 is national index 2)', () => {
    const ut = with_(VA_OK, { SensitiveDataProcessingOptOutNotice: 1 });
    assert.deepEqual(denies({ usut: ut }, [11]), NONE);
    assert.deepEqual(denies({ usut: with_(ut, { SensitiveDataProcessing: sdp(4, 1, 8) }) }, [11]), UFPD);
    assert.deepEqual(denies({ usut: with_(ut, { SensitiveDataProcessingOptOutNotice: 2 }) }, [11]), GEO_UFPD);
  });
  test('Connecticut: three known-child values', () => {
    assert.deepEqual(denies({ usct: VA_OK }, [12]), NONE);
    assert.deepEqual(
      denies({ usct: with_(VA_OK, { KnownChildSensitiveDataConsents: [0, 2, 2] }) }, [12]),
      ALL,
    );
    assert.deepEqual(
      denies({ usct: with_(VA_OK, { KnownChildSensitiveDataConsents: [0, 0, 0] }) }, [12]),
      NONE,
    );
  });
});

test('evaluator: a privacyreg rule on iab.usgeneral denies through the activity control', () => {
  const parsed = parseGpp(encodeGpp({ usnat: with_(NAT_OK, { SaleOptOut: 1 }) }), [7]);
  const control = createActivityControl({
    config: {
      syncUser: { rules: [{ kind: 'privacyreg', privacyreg: ['iab.usgeneral'] }] },
      transmitPreciseGeo: { default: false, rules: [{ kind: 'privacyreg', privacyreg: ['iab.*'] }] },
    },
    modules: [{ code: 'iab.usgeneral', skipRate: 0 }],
    moduleEvaluators: { 'iab.usgeneral': createUsGeneralEvaluator(parsed) },
    random: () => 0.5,
  });
  const bidder = { componentType: 'bidder', componentName: 'appnexus' } as const;
  assert.equal(control.allow('syncUser', bidder), false);
  assert.equal(control.allow('transmitPreciseGeo', bidder), true);
  const skipping = createActivityControl({
    config: { syncUser: { rules: [{ kind: 'privacyreg', privacyreg: ['iab.usgeneral'] }] } },
    modules: [{ code: 'iab.usgeneral', skipRate: 0, config: { skip_sids: [7] } }],
    moduleEvaluators: { 'iab.usgeneral': createUsGeneralEvaluator(parsed) },
    random: () => 0.5,
  });
  assert.equal(skipping.allow('syncUser', bidder), true);
});
