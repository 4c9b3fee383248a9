// Upstream-worded JSON decoding errors for adapters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asObject, notAnObjectMessage, parseJsonObject } from './parse-json.js';

test('non-objects are reported with the first character found', () => {
  assert.equal(notAnObjectMessage('aaa'), 'expect { or n, but found "');
  assert.equal(notAnObjectMessage([1]), 'expect { or n, but found [');
  assert.equal(notAnObjectMessage(undefined), 'expect { or n, but found ');
  assert.equal(asObject({ a: 1 }).ok, true);
});

test('a response body must be an object; null is empty', () => {
  const str = parseJsonObject('"oops"');
  assert.ok(!str.ok && str.error.message === 'expect { or n, but found "' && str.error.code === 3);
  const empty = parseJsonObject('');
  assert.ok(!empty.ok && empty.error.message === 'expect { or n, but found ');
  assert.deepEqual(parseJsonObject('null'), { ok: true, value: {} });
  assert.deepEqual(parseJsonObject(' {"id":"x"}'), { ok: true, value: { id: 'x' } });
  const broken = parseJsonObject('{"id"');
  assert.ok(!broken.ok && broken.error.code === 3);
});
