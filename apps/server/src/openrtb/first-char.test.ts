import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { firstNonSpace } from './first-char.js';

test('firstNonSpace is the first character of trimStart()', () => {
  for (const s of ['', '   ', '{"a":1}', ' \t\r\n{', '\u00a0\ufeff\u2028[', '\u0001{', '\u3000n'])
    assert.equal(firstNonSpace(s), s.trimStart().charAt(0), JSON.stringify(s));
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (s) => firstNonSpace(s) === s.trimStart().charAt(0)),
    { numRuns: 20_000, seed: 3 },
  );
});
