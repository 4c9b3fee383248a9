// Floors converted to USD only when stated in another currency.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AdapterContext } from '../types.js';
import { floorToUsd } from './usd-floor.js';

const ctx = {
  convertCurrency(amount: number, from: string, to: string): number {
    if (from === 'EUR' && to === 'USD') return amount * 2;
    throw new Error(`Currency conversion rate not found: '${from}' => '${to}'`);
  },
} as AdapterContext;

test('a foreign floor is converted to USD', () => {
  assert.deepEqual(floorToUsd({ id: 'a', bidfloor: 1.5, bidfloorcur: 'EUR' }, ctx), {
    id: 'a',
    bidfloor: 3,
    bidfloorcur: 'USD',
  });
});

test('USD (any case), no currency or no floor leave the imp unchanged', () => {
  for (const imp of [
    { id: 'a', bidfloor: 1, bidfloorcur: 'usd' },
    { id: 'a', bidfloor: 1 },
    { id: 'a', bidfloorcur: 'EUR' },
  ]) {
    assert.deepEqual(floorToUsd(imp, ctx), imp);
  }
});

test('a missing rate is a bad-input error', () => {
  assert.deepEqual(floorToUsd({ id: 'a', bidfloor: 1, bidfloorcur: 'JPY' }, ctx), {
    code: 2,
    message: "Currency conversion rate not found: 'JPY' => 'USD'",
  });
});
