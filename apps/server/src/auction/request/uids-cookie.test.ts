// The uids cookie reader (notes §2): base64url JSON, padded or not, bad cookies read as empty.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readUidsCookie } from './uids-cookie.js';

const encode = (doc: unknown, padded = false) => {
  const b = Buffer.from(JSON.stringify(doc)).toString('base64url');
  return padded ? b + '='.repeat((4 - (b.length % 4)) % 4) : b;
};

test('reads tempUIDs by syncer key, ignoring legacy fields, empty uids and expiry', () => {
  const doc = {
    uids: { legacy: 'ignored' },
    bday: '2020-01-01T00:00:00Z',
    tempUIDs: {
      adnxs: { uid: '123', expires: '2000-01-01T00:00:00Z' },
      rubicon: { uid: '', expires: '2030-01-01T00:00:00Z' },
      audienceNetwork: { uid: '0', expires: '2030-01-01T00:00:00Z' },
    },
    optout: false,
  };
  for (const padded of [false, true]) {
    assert.deepEqual([...readUidsCookie(encode(doc, padded))], [['adnxs', '123']]);
  }
});

test('undecodable cookies are empty', () => {
  for (const v of [
    undefined,
    '',
    '!!!',
    Buffer.from('not json').toString('base64url'),
    encode([1, 2]),
    encode({ tempUIDs: 5 }),
  ]) {
    assert.equal(readUidsCookie(v).size, 0);
  }
});
