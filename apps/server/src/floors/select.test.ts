import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randInt, satisfiesEnforceRate, selectModelGroup, shouldSkip, useFetchedData } from './select.js';
import { fixedRandom } from './floors.testkit.js';
import type { PriceFloorModelGroup } from './types.js';

test('randInt is rand.Intn over the uniform draw', () => {
  assert.equal(randInt(fixedRandom(0), 100), 0);
  assert.equal(randInt(fixedRandom(0.999999), 100), 99);
  assert.equal(randInt(fixedRandom(0.05), 101), 5);
  assert.equal(
    randInt(() => Number.NaN, 10),
    0,
  );
  assert.equal(
    randInt(() => 1, 10),
    9,
  );
});

// G rule_test.go TestShouldSkipFloors (draws of rand.Intn(101))
test('skip rate: model group, then data, then root', () => {
  const at = (k: number) => fixedRandom((k + 0.5) / 101);
  assert.equal(shouldSkip({ modelGroup: 10, data: 0, root: 0 }, at(5)), true);
  assert.equal(shouldSkip({ modelGroup: 100, data: 0, root: 0 }, at(5)), true);
  assert.equal(shouldSkip({ modelGroup: 0, data: 0, root: 0 }, at(0)), false);
  assert.equal(shouldSkip({ modelGroup: 0, data: 50, root: 0 }, at(40)), true);
  assert.equal(shouldSkip({ modelGroup: 0, data: 0, root: 60 }, at(40)), true);
  assert.equal(shouldSkip({ modelGroup: 0, data: 0, root: 60 }, at(70)), false);
  assert.equal(shouldSkip({ modelGroup: 0, data: 0, root: 100 }, at(100)), true);
  assert.equal(shouldSkip({ modelGroup: 10, data: 90, root: 90 }, at(50)), false); // the group's rate wins
});

const g = (modelweight: number | undefined, v: string): PriceFloorModelGroup =>
  modelweight === undefined ? { modelversion: v, schema: {} } : { modelweight, modelversion: v, schema: {} };

// G rule_test.go TestSelectFloorModelGroup (draws of rand.Intn(total + 1))
test('model group by weight', () => {
  const at = (k: number, total: number) => fixedRandom((k + 0.5) / (total + 1));
  assert.equal(selectModelGroup([g(25, 'a'), g(50, 'b')], at(5, 75))?.modelversion, 'a');
  assert.equal(selectModelGroup([g(25, 'a'), g(50, 'b')], at(30, 75))?.modelversion, 'b');
  assert.equal(selectModelGroup([g(25, 'a'), g(50, 'b')], at(75, 75))?.modelversion, 'b');
  assert.equal(selectModelGroup([g(50, 'b'), g(25, 'a')], at(0, 75))?.modelversion, 'a'); // lightest first
  assert.equal(selectModelGroup([g(undefined, 'x'), g(undefined, 'y')], at(2, 2))?.modelversion, 'y');
  assert.equal(selectModelGroup([g(undefined, 'only')], at(0, 1))?.modelversion, 'only');
});

test('use of fetched data and the enforce rate', () => {
  assert.equal(useFetchedData(undefined, fixedRandom(0.99)), true);
  assert.equal(useFetchedData(0, fixedRandom(0)), false);
  assert.equal(useFetchedData(100, fixedRandom(0.99)), true);
  assert.equal(useFetchedData(50, fixedRandom(0.49)), true);
  assert.equal(useFetchedData(50, fixedRandom(0.5)), false);
  // G TestIsSatisfiedByEnforceRate: draw 99 with request 50 → no; 99 with 100/100 → yes; 0/0 → yes
  assert.equal(satisfiesEnforceRate({ request: 50, account: 100 }, fixedRandom(0.995)), false);
  assert.equal(satisfiesEnforceRate({ request: 100, account: 100 }, fixedRandom(0.995)), true);
  assert.equal(satisfiesEnforceRate({ request: 0, account: 0 }, fixedRandom(0.995)), true);
  assert.equal(satisfiesEnforceRate({ request: 0, account: 30 }, fixedRandom(0.3)), false);
  assert.equal(satisfiesEnforceRate({ request: 0, account: 30 }, fixedRandom(0.29)), true);
});
