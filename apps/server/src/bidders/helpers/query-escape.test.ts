// Query escaping/unescaping with Go's url package semantics.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { queryEscape } from './query-escape.js';
import { queryUnescape } from './query-unescape.js';

test('escapes like url.QueryEscape', () => {
  assert.equal(queryEscape('http://a.b/c d?x=(1)!'), 'http%3A%2F%2Fa.b%2Fc+d%3Fx%3D%281%29%21');
});

test('unescapes like url.QueryUnescape', () => {
  assert.equal(queryUnescape('%3Cdiv%3Ea+b%3C%2Fdiv%3E'), '<div>a b</div>');
  assert.equal(queryUnescape('plain'), 'plain');
  assert.equal(queryUnescape('%zz'), null);
});
