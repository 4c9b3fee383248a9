// Raw member extraction keeps the member's text byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rawJsonMember } from './raw-json-member.js';

test('returns the raw text of a top-level member', () => {
  assert.equal(rawJsonMember('{"a":1,"native":{"u":"\\/x","s":"}"} }', 'native'), '{"u":"\\/x","s":"}"}');
  assert.equal(rawJsonMember('{ "a" : true , "b":[1,{"c":2}]}', 'a'), 'true');
  assert.equal(rawJsonMember('{"a":"x","b":[1,{"c":2}]}', 'b'), '[1,{"c":2}]');
});

test('undefined when absent or not an object', () => {
  assert.equal(rawJsonMember('{"a":1}', 'b'), undefined);
  assert.equal(rawJsonMember('[1]', 'a'), undefined);
});
