import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AdapterContext } from '../types.js';
import { floorIn, flooredImp } from './floor-currency.js';

const ctx = {
  bidder: 'x',
  endpoint: '',
  server: { externalUrl: '', gvlId: 0, dataCenter: '' },
  version: 't',
  convertCurrency(amount: number, from: string, to: string) {
    if (from === 'EUR' && to === 'USD') return amount * 1.25;
    throw new Error(`Currency conversion rate not found: '${from}' => '${to}'`);
  },
} as AdapterContext;

test('floorIn: converts a foreign floor and sets bidfloorcur; no floor / same currency unchanged', () => {
  const imp = { id: 'i', bidfloor: 2, bidfloorcur: 'EUR' };
  assert.deepEqual(floorIn(imp, 'USD', ctx), { imp: { id: 'i', bidfloor: 2.5, bidfloorcur: 'USD' } });
  assert.deepEqual(imp, { id: 'i', bidfloor: 2, bidfloorcur: 'EUR' }, 'input untouched');
  assert.deepEqual(
    floorIn({ id: 'i', bidfloor: 1 }, 'USD', ctx),
    { imp: { id: 'i', bidfloor: 1 } },
    'no cur = USD',
  );
  assert.deepEqual(floorIn({ id: 'i' }, 'EUR', ctx), { imp: { id: 'i' } });
});

test('floorIn/flooredImp: a missing rate is a bad-input error with the converter message', () => {
  const err = floorIn({ id: 'i', bidfloor: 1, bidfloorcur: 'JPY' }, 'USD', ctx);
  assert.deepEqual(err, {
    error: { code: 2, message: "Currency conversion rate not found: 'JPY' => 'USD'" },
  });
  assert.deepEqual(flooredImp({ id: 'i', bidfloor: 2, bidfloorcur: 'EUR' }, 'USD', ctx, { tagid: 't' }), {
    id: 'i',
    bidfloor: 2.5,
    bidfloorcur: 'USD',
    tagid: 't',
  });
});
