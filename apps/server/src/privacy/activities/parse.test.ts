// Account/host document parsing: upstream keys (G config/activity.go; J aliases), type errors, merge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  mergeActivitySettings,
  parseActivitySettings,
  parseAllowActivities,
  parseGeoCode,
  parsePrivacyModules,
} from './parse.js';

test('the fixture block (exchange/activity-tid-off.json accountPrivacy.allowactivities)', () => {
  const doc = {
    transmitTid: {
      default: true,
      rules: [{ allow: false, condition: { componentName: ['appnexus'], componentType: ['bidder'] } }],
    },
  };
  const r = parseAllowActivities(doc);
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.warnings, []);
  assert.deepEqual(r.value, {
    transmitTid: {
      default: true,
      rules: [{ kind: 'condition', allow: false, componentName: ['appnexus'], componentType: ['bidder'] }],
    },
  });
});

test('all eight activities; keys case-insensitive, snake_case and kebab-case (G decoder, J aliases)', () => {
  const doc = {
    syncUser: { default: false },
    FETCHBIDS: { default: false },
    enrich_ufpd: { default: false },
    'report-analytics': { default: false },
    transmitufpd: { default: false },
    transmit_precise_geo: { default: false },
    transmitUniqueRequestIds: { default: false },
    'transmit-tid': { default: false },
  };
  const r = parseAllowActivities(doc);
  assert.deepEqual(r.errors, []);
  assert.equal(Object.keys(r.value).length, 8);
  assert.ok(Object.values(r.value).every((a) => a.default === false));
});

test('every condition field; an absent allow allows (J); geo codes split at the first dot', () => {
  const r = parseAllowActivities({
    fetchBids: {
      rules: [
        {
          condition: {
            component_name: ['a'],
            'component-type': ['bidder'],
            gppSid: [7, 8],
            geo: ['USA.CA', 'CAN', 'MEX.', ' '],
            gpc: 1,
          },
        },
        { allow: false },
        { privacyreg: ['iab.*'] },
        null,
      ],
    },
  });
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.value.fetchBids?.rules, [
    {
      kind: 'condition',
      allow: true,
      componentName: ['a'],
      componentType: ['bidder'],
      gppSid: [7, 8],
      geo: [{ country: 'USA', region: 'CA' }, { country: 'CAN' }, { country: 'MEX' }],
      gpc: '1',
    },
    { kind: 'condition', allow: false },
    { kind: 'privacyreg', privacyreg: ['iab.*'] },
  ]);
  assert.deepEqual(parseGeoCode('USA.CA.X'), { country: 'USA', region: 'CA.X' });
});

test('wrong types are errors with their path and are left out; unknown keys are warnings', () => {
  const r = parseAllowActivities({
    transmitTid: {
      default: 'yes',
      rules: [{ allow: 'no', condition: { componentName: 'x', gppSid: ['a'] } }, 5],
    },
    syncUser: [],
    fetchBids: { rules: {} },
    unknownActivity: {},
    enrichUfpd: { rules: [{ condition: { other: 1 } }], extra: true },
  });
  assert.deepEqual(r.errors, [
    'allowactivities.syncUser: expected an object',
    'allowactivities.fetchBids.rules: expected an array',
    'allowactivities.transmitTid.default: expected a boolean',
    'allowactivities.transmitTid.rules[0].condition.componentName: expected an array of strings',
    'allowactivities.transmitTid.rules[0].condition.gppSid: expected an array of integers',
    'allowactivities.transmitTid.rules[0].allow: expected a boolean',
    'allowactivities.transmitTid.rules[1]: expected an object',
  ]);
  assert.deepEqual(r.warnings, [
    'allowactivities.unknownActivity: unknown key, ignored',
    'allowactivities.enrichUfpd.extra: unknown key, ignored',
    'allowactivities.enrichUfpd.rules[0].condition.other: unknown key, ignored',
  ]);
  assert.deepEqual(r.value.transmitTid, { rules: [{ kind: 'condition', allow: true }] });
  assert.deepEqual(r.value.fetchBids, {});
  assert.equal(r.value.syncUser, undefined);
});

test('bad documents never throw', () => {
  for (const doc of [undefined, null, 1, 'x', [], true]) {
    const r = parseAllowActivities(doc);
    assert.deepEqual(r.value, {});
    assert.equal(r.errors.length, doc === undefined || doc === null ? 0 : 1);
  }
  assert.deepEqual(parsePrivacyModules('x').errors, ['modules: expected an array']);
  assert.deepEqual(parseActivitySettings(7).errors, ['privacy: expected an object']);
});

test('modules: known codes, enabled, skipRate, config; duplicates keep the first (J)', () => {
  const r = parsePrivacyModules([
    { code: 'iab.usgeneral', skipRate: 10, config: { skipSids: [] } },
    { code: 'iab.uscustomlogic', enabled: false },
    { code: 'iab.usgeneral', skipRate: 99 },
    { code: 'nope' },
    { code: 'iab.uscustomlogic', skipRate: 'x' },
  ]);
  assert.deepEqual(r.value, [
    { code: 'iab.usgeneral', skipRate: 10, config: { skipSids: [] } },
    { code: 'iab.uscustomlogic', skipRate: 0, enabled: false },
  ]);
  assert.deepEqual(r.errors, [
    'modules[3].code: expected one of iab.usgeneral, iab.uscustomlogic',
    'modules[4].skipRate: expected an integer',
  ]);
  assert.deepEqual(r.warnings, [
    'Duplicate configuration found for privacy module iab.usgeneral',
    'Duplicate configuration found for privacy module iab.uscustomlogic',
  ]);
});

test('parseActivitySettings reads an account privacy object or the kebab-case host section', () => {
  const account = parseActivitySettings({ allowactivities: { fetchBids: { default: false } }, dsa: {} });
  assert.deepEqual(account.value, { allowActivities: { fetchBids: { default: false } } });
  const host = parseActivitySettings({
    'allow-activities': {
      'fetch-bids': { default: true, rules: [{ condition: { 'component-name': ['x'] }, allow: false }] },
    },
    modules: [{ code: 'iab.usgeneral', enabled: true, 'skip-rate': 5 }],
  });
  assert.deepEqual(host.errors, []);
  assert.deepEqual(host.value, {
    allowActivities: {
      fetchBids: { default: true, rules: [{ kind: 'condition', allow: false, componentName: ['x'] }] },
    },
    modules: [{ code: 'iab.usgeneral', skipRate: 5, enabled: true }],
  });
});

test('merge: the account replaces the host per activity key, and default/rules each (G merge patch)', () => {
  const host = {
    allowActivities: {
      fetchBids: {
        default: false,
        rules: [{ kind: 'condition' as const, allow: true, componentName: ['a'] }],
      },
      syncUser: { default: false },
    },
    modules: [{ code: 'iab.usgeneral', skipRate: 0 }],
  };
  const account = { allowActivities: { fetchBids: { default: true }, transmitTid: { default: false } } };
  assert.deepEqual(mergeActivitySettings(host, account), {
    allowActivities: {
      syncUser: { default: false },
      fetchBids: { default: true, rules: [{ kind: 'condition', allow: true, componentName: ['a'] }] },
      transmitTid: { default: false },
    },
    modules: [{ code: 'iab.usgeneral', skipRate: 0 }],
  });
  assert.deepEqual(mergeActivitySettings({}, {}), {});
});
