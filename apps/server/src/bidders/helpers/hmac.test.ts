// HMAC-SHA256 hex signing against the RFC 4231 test vector 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hmacSha256Hex } from './hmac.js';

test('signs as RFC 4231 case 2', () => {
  assert.equal(
    hmacSha256Hex('Jefe', 'what do ya want for nothing?'),
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  );
});
