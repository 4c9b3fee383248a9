import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findRule, ruleCandidates } from './match.js';

// G rule_test.go TestPrepareRuleCombinations
const cases: Array<{ name: string; in: string[]; exp: string[] }> = [
  { name: 'n = 1', in: ['A'], exp: ['a', '*'] },
  { name: 'n = 2', in: ['A', 'B'], exp: ['a|b', 'a|*', '*|b', '*|*'] },
  {
    name: 'n = 3',
    in: ['A', 'B', 'C'],
    exp: ['a|b|c', 'a|b|*', 'a|*|c', '*|b|c', 'a|*|*', '*|b|*', '*|*|c', '*|*|*'],
  },
  {
    name: 'n = 4',
    in: ['A', 'B', 'C', 'D'],
    exp: [
      'a|b|c|d',
      'a|b|c|*',
      'a|b|*|d',
      'a|*|c|d',
      '*|b|c|d',
      'a|b|*|*',
      'a|*|c|*',
      'a|*|*|d',
      '*|b|c|*',
      '*|b|*|d',
      '*|*|c|d',
      'a|*|*|*',
      '*|b|*|*',
      '*|*|c|*',
      '*|*|*|d',
      '*|*|*|*',
    ],
  },
  { name: 'n = 1 with wildcard', in: ['*'], exp: ['*'] },
  { name: 'n = 2 wildcard at 0', in: ['*', 'B'], exp: ['*|b', '*|*'] },
  { name: 'n = 2 wildcard at 1', in: ['A', '*'], exp: ['a|*', '*|*'] },
  { name: 'n = 2 wildcards at 0,1', in: ['*', '*'], exp: ['*|*'] },
  { name: 'n = 3 wildcard at 0', in: ['*', 'B', 'C'], exp: ['*|b|c', '*|b|*', '*|*|c', '*|*|*'] },
  { name: 'n = 3 wildcard at 1', in: ['A', '*', 'C'], exp: ['a|*|c', 'a|*|*', '*|*|c', '*|*|*'] },
  { name: 'n = 3 wildcard at 2', in: ['A', 'B', '*'], exp: ['a|b|*', 'a|*|*', '*|b|*', '*|*|*'] },
  { name: 'n = 3 wildcards at 0,2', in: ['*', 'B', '*'], exp: ['*|b|*', '*|*|*'] },
  { name: 'n = 3 wildcards at 0,1', in: ['*', '*', 'C'], exp: ['*|*|c', '*|*|*'] },
  { name: 'n = 3 wildcards at 1,2', in: ['A', '*', '*'], exp: ['a|*|*', '*|*|*'] },
];

for (const c of cases) {
  test(`candidate order as upstream: ${c.name}`, () => {
    assert.deepEqual(ruleCandidates(c.in, '|'), c.exp);
  });

  test(`findRule picks the candidates in upstream's order: ${c.name}`, () => {
    // All candidates present (in reverse order, to show insertion order does not matter); the
    // winner is removed each round: the winners must come out in upstream's candidate order.
    const values: Record<string, number> = {};
    for (const k of [...c.exp].reverse()) values[k] = 1;
    const winners: string[] = [];
    for (let k = findRule(values, '|', c.in); k !== undefined; k = findRule(values, '|', c.in)) {
      winners.push(k);
      delete values[k];
    }
    assert.deepEqual(winners, c.exp);
  });
}

test('findRule: no match without a catch-all, custom delimiter, case-insensitive', () => {
  assert.equal(findRule({ 'banner|300x250': 1 }, '|', ['video', '300x250']), undefined);
  assert.equal(findRule({ 'banner~*': 1, '*~*': 2 }, '~', ['BANNER', '728x90']), 'banner~*');
  assert.equal(findRule({ 'www.website.com|*': 1 }, '|', ['WWW.Website.COM', 'x']), 'www.website.com|*');
});

test('findRule: a key with the wrong number of parts never matches', () => {
  assert.equal(findRule({ 'a|b|c': 1 }, '|', ['a', 'b']), undefined);
});

test('findRule: ranking handles many fields without enumerating 2^n keys', () => {
  const wanted = Array.from({ length: 24 }, (_, i) => `v${i}`);
  const all = wanted.map(() => '*').join('|');
  const lastExact = [...wanted.slice(0, 23).map(() => '*'), 'v23'].join('|');
  const firstExact = ['v0', ...wanted.slice(1).map(() => '*')].join('|');
  assert.equal(findRule({ [all]: 1, [lastExact]: 2, [firstExact]: 3 }, '|', wanted), firstExact);
});
