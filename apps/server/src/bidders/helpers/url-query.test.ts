import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeQuery, joinQuery, parseQuery, splitQuery } from './url-query.js';

test('parseQuery keeps repeated values in order and unescapes', () => {
  const q = parseQuery('a=1&b=x+y&a=2&c=%2F');
  assert.deepEqual(
    [...q.entries()],
    [
      ['a', ['1', '2']],
      ['b', ['x y']],
      ['c', ['/']],
    ],
  );
});

test('encodeQuery sorts keys and escapes as Go does', () => {
  const q = new Map([
    ['t', ['a=b&c d']],
    ['content', ['json']],
  ]);
  assert.equal(encodeQuery(q), 'content=json&t=a%3Db%26c+d');
});

test('splitQuery / joinQuery add a param to an endpoint', () => {
  const { base, query } = splitQuery('http://x.test/bidder/?z=1#frag');
  query.set('bdver', ['6.0']);
  assert.equal(joinQuery(base, query), 'http://x.test/bidder/?bdver=6.0&z=1');
  assert.equal(joinQuery('http://x.test', new Map()), 'http://x.test');
});
