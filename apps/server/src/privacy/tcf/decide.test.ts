import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consent, hostConfig, vendorList, type ConsentSpec } from './consent.testkit.js';
import { resolveTcfConfig } from './config.js';
import { decideTcf, hostCookiesAllowed, type TcfDecisionInput } from './decide.js';
import type { HostTcfConfig } from './config-section.js';
import type { VendorList } from '../gvl/types.js';

const V = 32;
const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const declaresAll = vendorList({ [V]: { purposes: ALL, specialFeatures: [1] } });
const fullConsent: ConsentSpec = { purposeConsents: ALL, vendorConsents: [V], specialFeatures: [1] };

function decide(
  spec: ConsentSpec | undefined,
  o: { host?: (c: HostTcfConfig) => void; list?: VendorList | null; extra?: Partial<TcfDecisionInput> } = {},
) {
  const input: TcfDecisionInput = {
    consent: spec ? consent(spec) : undefined,
    vendorList: o.list === null ? undefined : (o.list ?? declaresAll),
    bidder: { code: 'appnexus', gvlVendorId: V },
    config: resolveTcfConfig(hostConfig(o.host)),
  };
  return decideTcf(Object.assign(input, o.extra ?? {}));
}

describe('TCF decision with full enforcement (defaults): signals and declarations', () => {
  test('consent to everything with a vendor that declares everything allows everything', () => {
    assert.deepEqual(decide(fullConsent), {
      allowBidRequest: true,
      passUserIds: true,
      passGeo: true,
      allowSync: true,
    });
  });

  test('purpose 2 consent missing: not called, ids still pass on another purpose', () => {
    const d = decide({ purposeConsents: [1, 3, 4], vendorConsents: [V] });
    assert.equal(d.allowBidRequest, false);
    assert.equal(d.passUserIds, true);
  });

  test('vendor consent missing: nothing but geo', () => {
    const d = decide({ purposeConsents: ALL, specialFeatures: [1] });
    assert.deepEqual(d, { allowBidRequest: false, passUserIds: false, passGeo: true, allowSync: false });
  });

  test('a vendor that does not declare purpose 2 in the list is not called', () => {
    const list = vendorList({ [V]: { purposes: [1, 3, 4], specialFeatures: [1] } });
    assert.equal(decide(fullConsent, { list }).allowBidRequest, false);
    assert.equal(decide(fullConsent, { list }).passUserIds, true);
  });

  test('a vendor missing from the list has no legal basis', () => {
    const list = vendorList({ 99: { purposes: ALL } });
    const d = decide(fullConsent, { list });
    assert.deepEqual(d, { allowBidRequest: false, passUserIds: false, passGeo: false, allowSync: false });
  });

  test('legitimate interest: declared LI + purpose LI transparency + vendor LI', () => {
    const list = vendorList({ [V]: { legIntPurposes: [2] } });
    assert.equal(decide({ purposeLI: [2], vendorLI: [V] }, { list }).allowBidRequest, true);
    assert.equal(decide({ purposeLI: [2] }, { list }).allowBidRequest, false);
    assert.equal(decide({ vendorLI: [V] }, { list }).allowBidRequest, false);
    assert.equal(decide({ purposeConsents: [2], vendorConsents: [V] }, { list }).allowBidRequest, false);
    const consentDeclared = vendorList({ [V]: { purposes: [2] } });
    assert.equal(decide({ purposeLI: [2], vendorLI: [V] }, { list: consentDeclared }).allowBidRequest, false);
  });

  test('a flexible purpose counts for consent and for legitimate interest', () => {
    const list = vendorList({ [V]: { flexiblePurposes: [2] } });
    assert.equal(decide({ purposeConsents: [2], vendorConsents: [V] }, { list }).allowBidRequest, true);
    assert.equal(decide({ purposeLI: [2], vendorLI: [V] }, { list }).allowBidRequest, true);
  });
});

describe('TCF decision with full enforcement (defaults): restrictions, switches and exceptions', () => {
  test('publisher restrictions: not allowed, require consent, require LI', () => {
    const list = vendorList({ [V]: { flexiblePurposes: [2] } });
    const notAllowed = { ...fullConsent, restrictions: { [V]: { 2: 'not-allowed' as const } } };
    assert.equal(decide(notAllowed).allowBidRequest, false);
    const liOnly = { purposeLI: [2], vendorLI: [V] };
    const consentOnly = { purposeConsents: [2], vendorConsents: [V] };
    const reqConsent = { [V]: { 2: 'require-consent' as const } };
    const reqLi = { [V]: { 2: 'require-li' as const } };
    assert.equal(decide({ ...liOnly, restrictions: reqConsent }, { list }).allowBidRequest, false);
    assert.equal(decide({ ...consentOnly, restrictions: reqConsent }, { list }).allowBidRequest, true);
    assert.equal(decide({ ...consentOnly, restrictions: reqLi }, { list }).allowBidRequest, false);
    assert.equal(decide({ ...liOnly, restrictions: reqLi }, { list }).allowBidRequest, true);
  });

  test('enforce-purpose and enforce-vendors off for purpose 2: called without signals, not when not allowed', () => {
    const off = (c: HostTcfConfig) => {
      c.purpose2['enforce-purpose'] = false;
      c.purpose2['enforce-vendors'] = false;
    };
    assert.equal(decide({}, { host: off }).allowBidRequest, true);
    const restricted = { restrictions: { [V]: { 2: 'not-allowed' as const } } };
    assert.equal(decide(restricted, { host: off }).allowBidRequest, false);
  });

  test('enforce-vendors off: the purpose signal and the declaration suffice', () => {
    const host = (c: HostTcfConfig) => {
      c.purpose2['enforce-vendors'] = false;
    };
    assert.equal(decide({ purposeConsents: [2] }, { host }).allowBidRequest, true);
    assert.equal(decide({ purposeConsents: [2] }).allowBidRequest, false);
    const undeclared = vendorList({ [V]: { purposes: [1] } });
    assert.equal(decide({ purposeConsents: [2] }, { host, list: undeclared }).allowBidRequest, false);
  });

  test('enforce-purpose off: the vendor signal and the declaration suffice', () => {
    const host = (c: HostTcfConfig) => {
      c.purpose2['enforce-purpose'] = false;
    };
    assert.equal(decide({ vendorConsents: [V] }, { host }).allowBidRequest, true);
    assert.equal(decide({ vendorConsents: [V] }).allowBidRequest, false);
  });

  test('purpose 2 vendor exceptions are called without signals, unless the publisher forbids it', () => {
    const host = (c: HostTcfConfig) => {
      c.purpose2['vendor-exceptions'] = ['appnexus'];
    };
    assert.equal(decide({}, { host }).allowBidRequest, true);
    const other = { bidder: { code: 'rubicon', gvlVendorId: V } };
    assert.equal(decide({}, { host, extra: other }).allowBidRequest, false);
    const restricted = { restrictions: { [V]: { 2: 'not-allowed' as const } } };
    assert.equal(decide(restricted, { host }).allowBidRequest, false);
  });
});

describe('TCF decision with basic enforcement', () => {
  const basic2 = (c: HostTcfConfig) => {
    c.purpose2['enforce-algo'] = 'basic';
  };
  const noList = vendorList({});

  test('purpose and vendor consent suffice without any declaration', () => {
    assert.equal(
      decide({ purposeConsents: [2], vendorConsents: [V] }, { host: basic2, list: noList }).allowBidRequest,
      true,
    );
    assert.equal(decide({ purposeConsents: [2] }, { host: basic2, list: noList }).allowBidRequest, false);
  });

  test('purpose LI transparency allows the bid request and ids, for purpose 2 only', () => {
    assert.equal(decide({ purposeLI: [2] }, { host: basic2 }).allowBidRequest, true);
    assert.equal(decide({ purposeLI: [2] }, { host: basic2 }).passUserIds, true);
    assert.equal(decide({ purposeLI: [2] }).allowBidRequest, false, 'not under full without vendor LI');
    assert.equal(decide({ purposeLI: [2] }).passUserIds, false);
    const basic7 = (c: HostTcfConfig) => {
      c.purpose7['enforce-algo'] = 'basic';
    };
    assert.equal(decide({ purposeLI: [7] }, { host: basic7 }).passUserIds, false);
    assert.equal(
      decide({ purposeConsents: [7], vendorConsents: [V] }, { host: basic7, list: noList }).passUserIds,
      true,
    );
  });

  test('a basic-enforcement vendor needs no signal when the purpose is not enforced', () => {
    const host = (c: HostTcfConfig) => {
      c['basic-enforcement-vendors'] = ['appnexus'];
      c.purpose2['enforce-purpose'] = false;
    };
    assert.equal(decide({}, { host, list: noList }).allowBidRequest, true);
    const notBasic = (c: HostTcfConfig) => {
      c.purpose2['enforce-algo'] = 'basic';
      c.purpose2['enforce-purpose'] = false;
    };
    assert.equal(decide({}, { host: notBasic, list: noList }).allowBidRequest, false);
  });

  test('publisher restrictions are not read by the basic algorithm', () => {
    const restricted = {
      purposeConsents: [2],
      vendorConsents: [V],
      restrictions: { [V]: { 2: 'not-allowed' as const } },
    };
    assert.equal(decide(restricted, { host: basic2 }).allowBidRequest, true);
  });

  test('basic-enforcement vendors are downgraded and need only the purpose signal', () => {
    const host = (c: HostTcfConfig) => {
      c['basic-enforcement-vendors'] = ['appnexus'];
    };
    const d = decide({ purposeConsents: [2], specialFeatures: [1] }, { host, list: noList });
    assert.equal(d.allowBidRequest, true);
    assert.equal(d.passUserIds, true);
    assert.equal(d.passGeo, true, 'the special feature opt-in suffices for a basic vendor');
    assert.equal(decide({ purposeConsents: [2] }, { list: noList }).allowBidRequest, false);
  });
});

describe('TCF decision: user ids, geo, no consent or list', () => {
  test('ids need a legal basis for one of purposes 2-10, enforced whatever the config says', () => {
    const list = vendorList({ [V]: { purposes: [7] } });
    assert.equal(decide({ purposeConsents: [7], vendorConsents: [V] }, { list }).passUserIds, true);
    assert.equal(decide({ purposeConsents: [1], vendorConsents: [V] }, { list }).passUserIds, false);
    const lax = (c: HostTcfConfig) => {
      for (const n of [2, 3, 4, 5, 6, 7, 8, 9, 10] as const) {
        c[`purpose${n}`]['enforce-purpose'] = false;
        c[`purpose${n}`]['enforce-vendors'] = false;
      }
    };
    assert.equal(decide({}, { host: lax }).passUserIds, false);
    assert.equal(decide({}, { host: lax }).allowBidRequest, true);
  });

  test('special feature 1: opt-in and declaration needed unless not enforced or excepted', () => {
    const undeclared = vendorList({ [V]: { purposes: ALL } });
    assert.equal(decide({ ...fullConsent, specialFeatures: [] }).passGeo, false);
    assert.equal(decide(fullConsent, { list: undeclared }).passGeo, false);
    const off = (c: HostTcfConfig) => {
      c['special-feature1'].enforce = false;
    };
    assert.equal(decide({}, { host: off }).passGeo, true);
    const exempt = (c: HostTcfConfig) => {
      c['special-feature1']['vendor-exceptions'] = ['appnexus'];
    };
    assert.equal(decide({}, { host: exempt }).passGeo, true);
  });

  test('no consent string or no vendor list: only what is not enforced', () => {
    assert.deepEqual(decide(undefined), {
      allowBidRequest: false,
      passUserIds: false,
      passGeo: false,
      allowSync: false,
    });
    assert.deepEqual(decide(fullConsent, { list: null }), {
      allowBidRequest: false,
      passUserIds: false,
      passGeo: false,
      allowSync: false,
    });
    const lax = (c: HostTcfConfig) => {
      c.purpose2['enforce-purpose'] = false;
      c['special-feature1'].enforce = false;
    };
    assert.deepEqual(decide(undefined, { host: lax }), {
      allowBidRequest: true,
      passUserIds: false,
      passGeo: true,
      allowSync: false,
    });
  });
});

describe('TCF decision: sync', () => {
  test('sync needs purpose 1 consent, vendor consent and the declaration', () => {
    assert.equal(decide({ purposeConsents: [1], vendorConsents: [V] }).allowSync, true);
    assert.equal(decide({ purposeConsents: [2], vendorConsents: [V] }).allowSync, false);
    const undeclared = vendorList({ [V]: { purposes: [2] } });
    assert.equal(
      decide({ purposeConsents: [1], vendorConsents: [V] }, { list: undeclared }).allowSync,
      false,
    );
    const exempt = (c: HostTcfConfig) => {
      c.purpose1['vendor-exceptions'] = ['appnexus'];
    };
    assert.equal(decide({}, { host: exempt }).allowSync, true);
  });

  test('purpose 1 not enforced: sync allowed, but only with a vendor list and a known vendor', () => {
    const host = (c: HostTcfConfig) => {
      c.purpose1['enforce-purpose'] = false;
    };
    assert.equal(decide({}, { host }).allowSync, true);
    assert.equal(decide({}, { host, list: null }).allowSync, false);
    assert.equal(decide({}, { host, extra: { bidder: { code: 'appnexus' } } }).allowSync, false);
  });

  test('purpose one treatment decides sync when enabled', () => {
    const denied = (c: HostTcfConfig) => {
      c['purpose-one-treatment']['access-allowed'] = false;
    };
    const p1t = { purposeOneTreatment: true, vendorConsents: [V] };
    assert.equal(decide(p1t).allowSync, true);
    assert.equal(decide({ ...p1t, purposeConsents: [1] }, { host: denied }).allowSync, false);
    const disabled = (c: HostTcfConfig) => {
      c['purpose-one-treatment'].enabled = false;
    };
    assert.equal(decide(p1t, { host: disabled }).allowSync, false);
    assert.equal(decide({ ...p1t, purposeConsents: [1] }, { host: disabled }).allowSync, true);
  });

  test('basic-enforcement vendors are not downgraded for purpose 1', () => {
    const host = (c: HostTcfConfig) => {
      c['basic-enforcement-vendors'] = ['appnexus'];
    };
    assert.equal(decide({ purposeConsents: [1] }, { host, list: vendorList({}) }).allowSync, false);
  });
});

describe('TCF decision: vendor ids and switches', () => {
  test('an alias GVL id from the request decides the auction', () => {
    const bidder = { code: 'appnexus', name: 'mine', gvlVendorId: 7, aliasGvlIds: { mine: V } };
    assert.equal(decide(fullConsent, { extra: { bidder } }).allowBidRequest, true);
    const noAlias = { code: 'appnexus', name: 'mine', gvlVendorId: 7 };
    assert.equal(decide(fullConsent, { extra: { bidder: noAlias } }).allowBidRequest, false);
  });

  test('ids missing from the newest list count as unknown; an empty set checks nothing', () => {
    assert.equal(decide(fullConsent, { extra: { liveVendorIds: new Set([1]) } }).allowBidRequest, false);
    assert.equal(decide(fullConsent, { extra: { liveVendorIds: new Set([1]) } }).allowSync, false);
    assert.equal(decide(fullConsent, { extra: { liveVendorIds: new Set() } }).allowBidRequest, true);
  });

  test('TCF disabled allows everything', () => {
    const host = (c: HostTcfConfig) => {
      c.enabled = false;
    };
    assert.deepEqual(decide({}, { host }), {
      allowBidRequest: true,
      passUserIds: true,
      passGeo: true,
      allowSync: true,
    });
  });

  test('host cookies: purpose 1 for the host vendor id; id 0 always allowed; no vendor exceptions', () => {
    const config = resolveTcfConfig(hostConfig());
    const args = { vendorList: declaresAll, hostVendorId: V, config };
    assert.equal(
      hostCookiesAllowed({ ...args, consent: consent({ purposeConsents: [1], vendorConsents: [V] }) }),
      true,
    );
    assert.equal(
      hostCookiesAllowed({ ...args, consent: consent({ purposeConsents: [2], vendorConsents: [V] }) }),
      false,
    );
    assert.equal(hostCookiesAllowed({ ...args, consent: undefined }), false);
    assert.equal(hostCookiesAllowed({ ...args, hostVendorId: 0, consent: undefined }), true);
    const exempt = resolveTcfConfig(hostConfig((c) => (c.purpose1['vendor-exceptions'] = [''])));
    assert.equal(hostCookiesAllowed({ ...args, config: exempt, consent: consent({}) }), false);
  });
});
