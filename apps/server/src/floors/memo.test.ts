// memo.ts: what is kept across auctions gives exactly what computing afresh gives, shares nothing
// with a request's objects, and cannot be changed by one auction for the next.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findRule } from './match.js';
import { RepeatedBlocks } from '@gavel/common';
import {
  cleanGroupKept,
  findRuleKept,
  parseFloorDataKept,
  parseFloorRulesKept,
  parseFloorSwitchesKept,
} from './memo.js';
import { parseFloorData, parseFloorRules } from './parse.js';
import type { PriceFloorModelGroup } from './types.js';
import { lowerValidRuleKeys } from './validate.js';
import { floorsWire } from './wire.js';

const model = () => ({
  floormin: 0.01,
  enforcement: { enforcepbs: true },
  data: {
    currency: 'USD',
    modelgroups: [
      {
        modelversion: 'v1',
        schema: { fields: ['mediaType', 'size'] },
        values: { 'banner|300x250': 0.5, 'BANNER|*': 0.2, 'video|*|extra': 1 },
        default: 0.05,
      },
    ],
  },
});

test('request floors: parsed once per JSON text, equal to a fresh parse, frozen, the input untouched', () => {
  const raw = model();
  const kept = parseFloorRulesKept(raw, 'ext.prebid.floors');
  assert.deepEqual(kept, parseFloorRules(model(), 'ext.prebid.floors'));
  assert.equal(parseFloorRulesKept(model(), 'ext.prebid.floors'), kept, 'the same text: the same result');
  assert.ok(Object.isFrozen(kept) && kept.ok && Object.isFrozen(kept.value.data?.modelgroups?.[0]?.values));
  assert.equal(
    Object.isFrozen(raw.data.modelgroups[0]!.values),
    false,
    "the request's objects stay writable",
  );
  const other = model();
  other.data.modelgroups[0]!.values['banner|300x250'] = 0.6;
  assert.notDeepEqual(parseFloorRulesKept(other, 'ext.prebid.floors'), kept, 'other content, other result');
});

test('request floors: errors are kept per text and path; non-objects are parsed as they come', () => {
  const bad = { data: { modelgroups: 'no' } };
  assert.deepEqual(parseFloorRulesKept(bad, 'ext.prebid.floors'), parseFloorRules(bad, 'ext.prebid.floors'));
  assert.deepEqual(parseFloorRulesKept(bad, 'ext.core.floors'), parseFloorRules(bad, 'ext.core.floors'));
  assert.deepEqual(parseFloorRulesKept('x', 'ext.prebid.floors'), parseFloorRules('x', 'ext.prebid.floors'));
});

test('fetched data: parsed once per data object, from a copy', () => {
  const data = model().data;
  const kept = parseFloorDataKept(data, 'fetched floors data');
  assert.deepEqual(kept, parseFloorData(model().data, 'fetched floors data'));
  assert.equal(parseFloorDataKept(data, 'fetched floors data'), kept);
  assert.equal(Object.isFrozen(data.modelgroups[0]!.values), false);
});

test('rule keys: lowered once per group; each caller gets its own errors array', () => {
  const parsed = parseFloorRulesKept(model(), 'ext.prebid.floors');
  assert.ok(parsed.ok);
  const group = parsed.value.data!.modelgroups![0] as PriceFloorModelGroup;
  const first = cleanGroupKept(group);
  const fresh = lowerValidRuleKeys(group);
  assert.deepEqual({ values: first.values, errors: first.errors }, fresh);
  assert.deepEqual(first.group, { ...group, values: fresh.values });
  first.errors.push('an auction adds its own');
  const second = cleanGroupKept(group);
  assert.equal(second.values, first.values);
  assert.equal(second.group, first.group, 'the same group object: what derives from it can be kept');
  assert.ok(Object.isFrozen(second.group));
  assert.deepEqual(second.errors, lowerValidRuleKeys(group).errors);
});

test('property: findRuleKept answers as findRule, asked once or many times', () => {
  const part = fc.constantFrom('a', 'B', 'c', '*', '|', '\u0001', 'x|y', '"', '');
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 4 }).chain((n) =>
        fc.record({
          keys: fc.array(fc.array(part, { minLength: n, maxLength: n }), { maxLength: 12 }),
          asks: fc.array(fc.array(part, { minLength: n, maxLength: n }), { minLength: 1, maxLength: 8 }),
          delimiter: fc.constantFrom('|', '~'),
        }),
      ),
      ({ keys, asks, delimiter }) => {
        const values: Record<string, number> = {};
        keys.forEach((k, i) => (values[k.join(delimiter).toLowerCase()] = i + 1));
        for (const wanted of [...asks, ...asks])
          assert.equal(findRuleKept(values, delimiter, wanted), findRule(values, delimiter, wanted));
      },
    ),
    { numRuns: 500 },
  );
});

test('the wire form of a kept group is built once and equals the one built afresh', () => {
  const parsed = parseFloorRulesKept(model(), 'ext.prebid.floors');
  assert.ok(parsed.ok);
  const { group } = cleanGroupKept(parsed.value.data!.modelgroups![0]!);
  const rules = (g: PriceFloorModelGroup) => ({ data: { modelgroups: [g] } });
  const kept = floorsWire(rules(group));
  const fresh = floorsWire(rules(structuredClone(group)));
  assert.deepEqual(kept, fresh);
  const again = floorsWire(rules(group)) as { data: { modelgroups: unknown[] } };
  assert.equal(again.data.modelgroups[0], (kept as { data: { modelgroups: unknown[] } }).data.modelgroups[0]);
});

test("the switches of a model, without its data: the same parse for a shared model and a request's own", () => {
  const blocks = new RepeatedBlocks({ paths: [['floors']], minChars: 20 });
  const text = JSON.stringify({ floors: { ...model(), enabled: true, DATA: 1 } });
  blocks.parse(text);
  const shared = (blocks.parse(text) as { floors: unknown }).floors;
  const own = (JSON.parse(text) as { floors: Record<string, unknown> }).floors;
  const expected = parseFloorRules({ floormin: 0.01, enforcement: { enforcepbs: true }, enabled: true }, 'p');
  assert.ok(Object.isFrozen(shared) && own !== shared);
  for (const raw of [shared, own, shared]) assert.deepEqual(parseFloorSwitchesKept(raw, 'p'), expected);
  assert.equal(parseFloorSwitchesKept(shared, 'p'), parseFloorSwitchesKept(shared, 'p'), 'kept by identity');
  assert.deepEqual(parseFloorSwitchesKept('x', 'p'), parseFloorRules('x', 'p'));
});
