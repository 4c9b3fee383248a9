// The uids cookie codec: round trip, padding, legacy fields, opt-out, broken expiry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeUidsCookie, encodeUidsCookie, readUidsCookie } from './uids-cookie.js';

const raw = (doc: unknown) => Buffer.from(JSON.stringify(doc)).toString('base64url');

test('encode writes padded base64url of {"tempUIDs": {key: {uid, expires}}} and decodes back', () => {
  const expiresMs = Date.parse('2026-11-29T05:00:00.000Z');
  const cookie = { uids: new Map([['adnxs', { uid: 'a+b/c?', expiresMs }]]), optout: false };
  const value = encodeUidsCookie(cookie);
  assert.equal(value.length % 4, 0);
  assert.match(value, /^[A-Za-z0-9_-]+=*$/);
  assert.deepEqual(JSON.parse(Buffer.from(value, 'base64url').toString()), {
    tempUIDs: { adnxs: { uid: 'a+b/c?', expires: '2026-11-29T05:00:00.000Z' } },
  });
  assert.deepEqual(decodeUidsCookie(value), cookie);
  assert.deepEqual(decodeUidsCookie(value.replace(/=+$/, '')), cookie);
});

test('legacy uids/bday are tolerated and ignored; opt-out is kept; bad expiry reads as stale', () => {
  const value = raw({
    uids: { legacy: 'x' },
    bday: '2017-08-15T19:47:59.523908376Z',
    tempUIDs: { a: { uid: '1', expires: 'not a date' }, b: { uid: 2 }, c: 'x' },
    optout: true,
  });
  const cookie = decodeUidsCookie(value);
  assert.deepEqual([...cookie.uids], [['a', { uid: '1', expiresMs: 0 }]]);
  assert.equal(cookie.optout, true);
  assert.equal(readUidsCookie(value).size, 0, 'an opted-out cookie gives no buyer ids');
  assert.ok(encodeUidsCookie(cookie).length > 0);
  assert.equal(JSON.parse(Buffer.from(encodeUidsCookie(cookie), 'base64url').toString()).optout, true);
});

test('garbage reads as an empty cookie', () => {
  for (const v of [undefined, '', '%%%', raw('str'), raw(null), raw({ tempUIDs: [] })]) {
    const c = decodeUidsCookie(v);
    assert.equal(c.uids.size, 0);
    assert.equal(c.optout, false);
  }
});
