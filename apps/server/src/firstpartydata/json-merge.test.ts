import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeClone, mergePatch, pruneNulls } from './json-merge.js';

test('mergePatch: RFC 7386 members, nulls and arrays', () => {
  const cases: { doc: unknown; patch: unknown; want: unknown }[] = [
    { doc: { a: 'b' }, patch: { a: 'c' }, want: { a: 'c' } },
    { doc: { a: 'b' }, patch: { b: 'c' }, want: { a: 'b', b: 'c' } },
    { doc: { a: 'b' }, patch: { a: null }, want: {} },
    { doc: { a: 'b', b: 'c' }, patch: { a: null }, want: { b: 'c' } },
    { doc: { a: ['b'] }, patch: { a: 'c' }, want: { a: 'c' } },
    { doc: { a: 'c' }, patch: { a: ['b'] }, want: { a: ['b'] } },
    { doc: { a: { b: 'c' } }, patch: { a: { b: 'd', c: null } }, want: { a: { b: 'd' } } },
    { doc: { a: [{ b: 'c' }] }, patch: { a: [1] }, want: { a: [1] } },
    { doc: { e: null }, patch: { a: 1 }, want: { e: null, a: 1 } },
    { doc: {}, patch: { a: { bb: { ccc: null } } }, want: { a: { bb: {} } } },
    { doc: ['a', 'b'], patch: { a: 'b', c: null }, want: { a: 'b' } },
    { doc: { a: 'foo' }, patch: ['x'], want: ['x'] },
  ];
  for (const c of cases) assert.deepEqual(mergePatch(c.doc, c.patch), { ok: true, value: c.want });
});

test('mergePatch: a scalar or null patch is refused, inputs are not changed', () => {
  assert.deepEqual(mergePatch({ a: 1 }, 'x'), { ok: false, reason: 'bad-patch' });
  assert.deepEqual(mergePatch({ a: 1 }, null), { ok: false, reason: 'bad-patch' });
  const doc = { a: { b: 1 } };
  const patch = { a: { c: 2 } };
  mergePatch(doc, patch);
  assert.deepEqual(doc, { a: { b: 1 } });
  assert.deepEqual(patch, { a: { c: 2 } });
});

test('pruneNulls: nested objects and arrays', () => {
  assert.deepEqual(pruneNulls({ a: null, b: { c: null, d: [{ e: null, f: 1 }] } }), { b: { d: [{ f: 1 }] } });
});

test('mergeClone: objects merge, arrays replace, ext merge-patches (G jsonutil.MergeClone)', () => {
  const user = { id: 'test2', eids: [{ source: 'a' }], ext: { test: 2, key: 'value' } };
  const r = mergeClone(user, { id: 'test1', eids: [{ source: 'b' }], ext: { test: 1 } });
  assert.deepEqual(r, {
    ok: true,
    value: { id: 'test1', eids: [{ source: 'b' }], ext: { key: 'value', test: 1 } },
  });
  assert.deepEqual(user, { id: 'test2', eids: [{ source: 'a' }], ext: { test: 2, key: 'value' } });
});

test('mergeClone: null members remove, a null ext keeps the existing one', () => {
  const r = mergeClone({ id: 'x', geo: { lat: 1 }, ext: { a: 1 } }, { geo: null, ext: null });
  assert.deepEqual(r, { ok: true, value: { id: 'x', ext: { a: 1 } } });
});

test('mergeClone: an absent ext takes the patch verbatim (nulls kept)', () => {
  assert.deepEqual(mergeClone({ id: 'x' }, { ext: { a: null } }), {
    ok: true,
    value: { id: 'x', ext: { a: null } },
  });
});

test('mergeClone: nested typed objects merge member by member; new ones drop nulls', () => {
  const site = { id: 's', content: { episode: 6, title: 't', len: 900 } };
  const r = mergeClone(site, {
    content: { episode: 7, data: [{ id: 'd', name: null }] },
    publisher: { id: '1', name: null },
  });
  assert.deepEqual(r, {
    ok: true,
    value: {
      id: 's',
      content: { episode: 7, title: 't', len: 900, data: [{ id: 'd' }] },
      publisher: { id: '1' },
    },
  });
});

test('mergeClone: wrong JSON kinds and non-object patches are refused', () => {
  assert.deepEqual(mergeClone({ id: 'x' }, 'malformed'), { ok: false, reason: 'bad-patch' });
  assert.deepEqual(mergeClone({ id: 'x' }, [1]), { ok: false, reason: 'bad-patch' });
  assert.deepEqual(mergeClone({ w: 1 }, { w: '1' }), { ok: false, reason: 'bad-patch' });
  assert.deepEqual(mergeClone({ banner: { w: 1 } }, { banner: 'x' }), { ok: false, reason: 'bad-patch' });
  assert.deepEqual(mergeClone({ cat: ['a'] }, { cat: 'a' }), { ok: false, reason: 'bad-patch' });
  assert.deepEqual(mergeClone({ ext: { a: 1 } }, { ext: 'x' }), { ok: false, reason: 'bad-patch' });
  assert.deepEqual(mergeClone({ id: 'x' }, null), { ok: true, value: { id: 'x' } });
});

test('mergeClone: a __proto__ member stays a plain member', () => {
  const patch = JSON.parse('{"__proto__": {"polluted": 1}, "id": "y"}') as unknown;
  const r = mergeClone({ id: 'x' }, patch);
  assert.ok(r.ok);
  assert.equal(Object.getPrototypeOf(r.value), Object.prototype);
  assert.deepEqual(Object.keys(r.value), ['id', '__proto__']);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});
