// Cases from G privacy/activitycontrol_test.go and rule_condition_test.go, plus J's geo/gpc/privacyreg.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createActivityControl, drawSkippedModules } from './control.js';
import type {
  ActivityContext,
  AllowActivities,
  Component,
  ConditionRule,
  PrivacyModuleConfig,
} from './types.js';

const bidderA: Component = { componentType: 'bidder', componentName: 'bidderA' };
const bidderB: Component = { componentType: 'bidder', componentName: 'bidderB' };

const plan = (allow: boolean): AllowActivities['fetchBids'] => ({
  default: true,
  rules: [{ kind: 'condition', allow, componentName: ['bidderA'], componentType: ['bidder'] }],
});

test('no config, or activity not configured → allowed (G plans_is_nil, activity_not_defined)', () => {
  assert.equal(createActivityControl({}).allow('fetchBids', bidderA), true);
  const ac = createActivityControl({ config: { syncUser: plan(false) } });
  assert.equal(ac.allow('fetchBids', bidderA), true);
});

test('rule does not match → default; matches → its decision (G activity_defined_*)', () => {
  assert.equal(
    createActivityControl({ config: { fetchBids: plan(false) } }).allow('fetchBids', bidderB),
    true,
  );
  assert.equal(
    createActivityControl({ config: { fetchBids: plan(true) } }).allow('fetchBids', bidderA),
    true,
  );
  assert.equal(
    createActivityControl({ config: { fetchBids: plan(false) } }).allow('fetchBids', bidderA),
    false,
  );
});

test('default: absent → true, true, false (G TestCfgToDefaultResult)', () => {
  for (const [value, want] of [
    [undefined, true],
    [true, true],
    [false, false],
  ] as const) {
    const config: AllowActivities =
      value === undefined ? { transmitTid: {} } : { transmitTid: { default: value } };
    assert.equal(createActivityControl({ config }).allow('transmitTid', bidderA), want);
  }
});

test('every activity has its own plan (G specified_and_correct)', () => {
  const ac = createActivityControl({
    config: { syncUser: plan(true), transmitPreciseGeo: plan(false), transmitTid: plan(true) },
  });
  assert.equal(ac.allow('syncUser', bidderA), true);
  assert.equal(ac.allow('transmitPreciseGeo', bidderA), false);
  assert.equal(ac.allow('transmitTid', bidderA), true);
});

test('first non-abstaining rule wins, in order', () => {
  const config: AllowActivities = {
    fetchBids: {
      default: true,
      rules: [
        { kind: 'condition', allow: true, componentName: ['other'] },
        { kind: 'condition', allow: false, componentType: ['bidder'] },
        { kind: 'condition', allow: true, componentName: ['bidderA'] },
      ],
    },
  };
  assert.equal(createActivityControl({ config }).allow('fetchBids', bidderA), false);
});

/** One condition rule on fetchBids; allow() answers the rule's decision, or `default: null` → abstain. */
function evaluate(
  rule: Omit<ConditionRule, 'kind'>,
  component: Component,
  ctx: ActivityContext = {},
): string {
  const a = createActivityControl(
    Object.assign(
      { config: { fetchBids: { default: true, rules: [{ kind: 'condition' as const, ...rule }] } } },
      ctx,
    ),
  ).allow('fetchBids', component);
  const d = createActivityControl(
    Object.assign(
      { config: { fetchBids: { default: false, rules: [{ kind: 'condition' as const, ...rule }] } } },
      ctx,
    ),
  ).allow('fetchBids', component);
  return a === d ? (a ? 'allow' : 'deny') : 'abstain';
}

test('condition rule cases (G TestComponentEnforcementRuleEvaluate)', () => {
  const both = { componentName: ['bidderA'], componentType: ['bidder'] };
  assert.equal(evaluate({ allow: true, ...both }, bidderA), 'allow');
  assert.equal(evaluate({ allow: false, ...both }, bidderA), 'deny');
  assert.equal(evaluate({ allow: true, ...both }, bidderB), 'abstain');
  assert.equal(evaluate({ allow: true, gppSid: [1] }, bidderB), 'abstain');
  assert.equal(evaluate({ allow: true, componentName: ['bidderA'] }, bidderA), 'allow');
  assert.equal(evaluate({ allow: true, componentType: ['bidder'] }, bidderB), 'allow');
  assert.equal(evaluate({ allow: true }, bidderA), 'allow');
  assert.equal(evaluate({ allow: false }, bidderA), 'deny');
});

test('names and types match case-insensitively; empty lists do not constrain (G)', () => {
  assert.equal(
    evaluate({ allow: false, componentName: ['BIDDERa'], componentType: ['Bidder'] }, bidderA),
    'deny',
  );
  assert.equal(evaluate({ allow: false, componentName: [], componentType: [] }, bidderB), 'deny');
  assert.equal(evaluate({ allow: false, componentType: ['analytics'] }, bidderA), 'abstain');
});

test('gppSid (G TestEvaluateGPPSID)', () => {
  const cases: [number[] | undefined, number[] | undefined, boolean][] = [
    [undefined, undefined, true],
    [[], undefined, true],
    [undefined, [], true],
    [[], [], true],
    [[1], undefined, false],
    [[1, 2], undefined, false],
    [[1], [], false],
    [[1, 2], [], false],
    [[1], [1], true],
    [[1], [2], false],
    [[1], [1, 2], true],
    [[3], [1, 2], false],
    [undefined, [1], true],
    [undefined, [1, 2], true],
    [[], [1], true],
    [[], [1, 2], true],
    [[1, 2], [1], true],
    [[1, 2], [3], false],
    [[1, 2], [1, 2], true],
    [[1, 2], [3, 4], false],
    [[1, 2], [2, 3], true],
  ];
  for (const [condition, request, matched] of cases) {
    const rule = condition ? { allow: false, gppSid: condition } : { allow: false };
    const ctx: ActivityContext = request ? { gppSids: request } : {};
    assert.equal(
      evaluate(rule, bidderA, ctx),
      matched ? 'deny' : 'abstain',
      `${String(condition)} / ${String(request)}`,
    );
  }
});

test('geo: COUNTRY or COUNTRY.REGION, case-insensitive; ignored when the invocation has no geo (J)', () => {
  const rule = { allow: false, geo: [{ country: 'USA', region: 'CA' }, { country: 'CAN' }] };
  assert.equal(evaluate(rule, bidderA, { geo: { country: 'usa', region: 'ca' } }), 'deny');
  assert.equal(evaluate(rule, bidderA, { geo: { country: 'USA', region: 'NY' } }), 'abstain');
  assert.equal(evaluate(rule, bidderA, { geo: { country: 'USA' } }), 'abstain');
  assert.equal(evaluate(rule, bidderA, { geo: { country: 'CAN', region: 'QC' } }), 'deny');
  assert.equal(evaluate(rule, bidderA, { geo: {} }), 'abstain');
  assert.equal(evaluate(rule, bidderA, {}), 'deny');
});

test('gpc: exact string; null (no signal) does not match; absent = not a GPC invocation (J)', () => {
  assert.equal(evaluate({ allow: false, gpc: '1' }, bidderA, { gpc: '1' }), 'deny');
  assert.equal(evaluate({ allow: false, gpc: '1' }, bidderA, { gpc: '0' }), 'abstain');
  assert.equal(evaluate({ allow: false, gpc: '1' }, bidderA, { gpc: null }), 'abstain');
  assert.equal(evaluate({ allow: false, gpc: '1' }, bidderA, {}), 'deny');
});

const usnat: PrivacyModuleConfig = { code: 'iab.usgeneral', skipRate: 0 };
const custom: PrivacyModuleConfig = { code: 'iab.uscustomlogic', skipRate: 0 };

test('privacyreg: * and prefixes select configured modules with an evaluator', () => {
  const config: AllowActivities = {
    transmitUfpd: { default: true, rules: [{ kind: 'privacyreg', privacyreg: ['*'] }] },
  };
  const deny = () => 'deny' as const;
  assert.equal(
    createActivityControl({ config, modules: [usnat], moduleEvaluators: { 'iab.usgeneral': deny } }).allow(
      'transmitUfpd',
      bidderA,
    ),
    false,
  );
  const prefix: AllowActivities = {
    transmitUfpd: { rules: [{ kind: 'privacyreg', privacyreg: ['iab.usc*'] }] },
  };
  const both = {
    modules: [usnat, custom],
    moduleEvaluators: { 'iab.usgeneral': deny, 'iab.uscustomlogic': () => 'abstain' as const },
  };
  assert.equal(createActivityControl({ config: prefix, ...both }).allow('transmitUfpd', bidderA), true);
  // Not configured, disabled, or without an evaluator → not run.
  assert.equal(
    createActivityControl({ config, moduleEvaluators: { 'iab.usgeneral': deny } }).allow(
      'transmitUfpd',
      bidderA,
    ),
    true,
  );
  const disabled = [{ ...usnat, enabled: false }];
  assert.equal(
    createActivityControl({ config, modules: disabled, moduleEvaluators: { 'iab.usgeneral': deny } }).allow(
      'transmitUfpd',
      bidderA,
    ),
    true,
  );
  assert.equal(createActivityControl({ config, modules: [usnat] }).allow('transmitUfpd', bidderA), true);
});

test('privacyreg: a deny stops, the last non-abstain decides; a module runs once per activity (J AndRule)', () => {
  const evaluators = { 'iab.usgeneral': () => 'allow' as const, 'iab.uscustomlogic': () => 'deny' as const };
  const all: AllowActivities = {
    fetchBids: { default: true, rules: [{ kind: 'privacyreg', privacyreg: ['*'] }] },
  };
  assert.equal(
    createActivityControl({ config: all, modules: [usnat, custom], moduleEvaluators: evaluators }).allow(
      'fetchBids',
      bidderA,
    ),
    false,
  );
  const twice: AllowActivities = {
    fetchBids: {
      default: false,
      rules: [
        { kind: 'privacyreg', privacyreg: ['iab.usgeneral'] },
        { kind: 'privacyreg', privacyreg: ['iab.usgeneral', 'iab.uscustomlogic'] },
      ],
    },
  };
  const calls: string[] = [];
  const counted = {
    'iab.usgeneral': () => (calls.push('g'), 'abstain' as const),
    'iab.uscustomlogic': () => (calls.push('c'), 'abstain' as const),
  };
  assert.equal(
    createActivityControl({ config: twice, modules: [usnat, custom], moduleEvaluators: counted }).allow(
      'fetchBids',
      bidderA,
    ),
    false,
  );
  assert.deepEqual(calls, ['g', 'c']);
});

test('skip rate: drawn once per module; a skipped module abstains', () => {
  assert.deepEqual(
    [
      ...drawSkippedModules(
        [
          { ...usnat, skipRate: 50 },
          { ...custom, skipRate: 50 },
        ],
        () => 0.495,
      ),
    ],
    ['iab.usgeneral', 'iab.uscustomlogic'],
  );
  assert.deepEqual([...drawSkippedModules([{ ...usnat, skipRate: 50 }], () => 0.5)], []);
  const config: AllowActivities = { fetchBids: { rules: [{ kind: 'privacyreg', privacyreg: ['*'] }] } };
  const ac = createActivityControl({
    config,
    modules: [{ ...usnat, skipRate: 100 }],
    moduleEvaluators: { 'iab.usgeneral': () => 'deny' },
    random: () => 0,
  });
  assert.equal(ac.allow('fetchBids', bidderA), true);
});
