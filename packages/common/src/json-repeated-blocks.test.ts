import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isSharedJsonBlock, RepeatedBlocks } from './json-repeated-blocks.js';
import { JsonMemo } from './json-memo.js';

const PATH = ['ext', 'prebid', 'floors'];

/** A floors-like model of `n` rules: well over the default 512 characters from n = 20. */
function model(n: number, seed = 0): Record<string, unknown> {
  const values: Record<string, number> = {};
  for (let i = 0; i < n; i++) values[`banner|${300 + i}x250|site${seed}.example`] = 0.05 + i / 100;
  return { enforcement: { enforcepbs: true }, data: { modelgroups: [{ values, default: 0.05 }] } };
}

const body = (floors: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id: 'r', imp: [{ id: '1' }], ...extra, ext: { prebid: { floors } } });

const floorsOf = (doc: unknown) => (doc as { ext: { prebid: { floors: unknown } } }).ext.prebid.floors;

test('a block seen before is one shared, frozen object; the body parses to what JSON.parse gives', () => {
  const blocks = new RepeatedBlocks({ paths: [PATH] });
  const text = body(model(30));
  const first = blocks.parse(text);
  assert.deepEqual(first, JSON.parse(text));
  assert.equal(isSharedJsonBlock(floorsOf(first)), false, 'the first body keeps its own objects');
  const second = blocks.parse(text);
  const third = blocks.parse(body(model(30), { site: { page: 'https://other.example/' } }));
  assert.deepEqual(second, JSON.parse(text));
  assert.equal(floorsOf(second), floorsOf(third));
  assert.equal(isSharedJsonBlock(floorsOf(second)), true);
  assert.equal(Object.isFrozen(floorsOf(second)), true);
  assert.equal(Object.isFrozen((floorsOf(second) as { data: object }).data), true, 'deep-frozen');
  assert.equal(Object.isFrozen(second), false, 'the rest of the body is its own');
});

test('the block anywhere but its path, twice, or after a `\\u` escape: the body is parsed whole', () => {
  const blocks = new RepeatedBlocks({ paths: [PATH] });
  const m = model(30);
  blocks.parse(body(m));
  const cases = [
    JSON.stringify({ imp: [{ ext: { prebid: { floors: m } } }], ext: { prebid: {} } }),
    JSON.stringify({ ext: { prebid: { other: m, floors: 1 } } }),
    JSON.stringify({ ext: { core: { floors: m } } }),
    JSON.stringify({ ext: { prebid: { floors: [m] } } }),
    JSON.stringify({ ext: { prebid: { floors: m }, note: '\u0001' } }),
    JSON.stringify({ site: { name: 'caf\\u00e9' }, ext: { prebid: { floors: m } } }),
  ];
  for (const text of cases) {
    const doc = blocks.parse(text);
    assert.deepEqual(doc, JSON.parse(text), text.slice(0, 60));
    const floors = (doc as { ext?: { prebid?: { floors?: unknown } } }).ext?.prebid?.floors;
    assert.equal(isSharedJsonBlock(floors), false, text.slice(0, 60));
  }
});

test('duplicate keys keep the last, as JSON.parse does', () => {
  const blocks = new RepeatedBlocks({ paths: [PATH] });
  const text = JSON.stringify(model(30));
  blocks.parse(body(model(30)));
  const lastWins = `{"ext":{"prebid":{"floors":${text},"floors":5}}}`;
  assert.deepEqual(blocks.parse(lastWins), JSON.parse(lastWins));
  const blockLast = `{"ext":{"prebid":{"floors":5,"floors":${text}}}}`;
  const doc = blocks.parse(blockLast);
  assert.deepEqual(doc, JSON.parse(blockLast));
  assert.equal(isSharedJsonBlock(floorsOf(doc)), true);
});

test('bad JSON throws what JSON.parse throws, with or without a kept block in it', () => {
  const blocks = new RepeatedBlocks({ paths: [PATH] });
  blocks.parse(body(model(30)));
  const text = JSON.stringify(model(30));
  for (const bad of [
    `{"ext":{"prebid":{"floors":${text}}}`,
    `{"ext":{"prebid":{"floors":${text},}}}`,
    `{"a":"${text}"}`,
  ]) {
    let expected: unknown;
    try {
      JSON.parse(bad);
    } catch (err) {
      expected = (err as Error).message;
    }
    assert.ok(expected, 'the case is bad JSON');
    assert.throws(() => blocks.parse(bad), { message: expected as string });
  }
});

test('small blocks and blocks written otherwise than JSON.stringify writes them are not kept', () => {
  const blocks = new RepeatedBlocks({ paths: [PATH], minChars: 512 });
  const small = body(model(2));
  blocks.parse(small);
  assert.equal(isSharedJsonBlock(floorsOf(blocks.parse(small))), false);
  const pretty = JSON.stringify({ ext: { prebid: { floors: model(30) } } }, null, 2);
  for (let i = 0; i < 40; i++) assert.equal(isSharedJsonBlock(floorsOf(blocks.parse(pretty))), false);
});

test('at most maxBlocks are kept, the one last used first', () => {
  const blocks = new RepeatedBlocks({ paths: [PATH], maxBlocks: 2 });
  const texts = [0, 1, 2].map((seed) => body(model(30, seed)));
  // A body that misses is looked at for a new block once in 16 parses: each seed is parsed until kept.
  const keep = (text: string) => {
    for (let i = 0; i < 17 && !isSharedJsonBlock(floorsOf(blocks.parse(text))); i++);
  };
  keep(texts[0]!);
  keep(texts[1]!);
  keep(texts[2]!);
  assert.equal(isSharedJsonBlock(floorsOf(blocks.parse(texts[2]!))), true);
  assert.equal(isSharedJsonBlock(floorsOf(blocks.parse(texts[1]!))), true);
  assert.equal(isSharedJsonBlock(floorsOf(blocks.parse(texts[0]!))), false, 'the oldest went first');
});

test('paths are checked: none empty, no __proto__', () => {
  assert.throws(() => new RepeatedBlocks({ paths: [[]] }));
  assert.throws(() => new RepeatedBlocks({ paths: [['ext', '__proto__']] }));
});

test('any JSON body, with a kept block placed anywhere in it, parses to what JSON.parse gives', () => {
  const blocks = new RepeatedBlocks({ paths: [['a', 'b']], minChars: 20 });
  const block = { k: [1, 2, 3], s: 'a longer string value' };
  blocks.parse(JSON.stringify({ a: { b: block } }));
  const blockText = JSON.stringify(block);
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 3 }), fc.nat(), (value, cut) => {
      // The block's text put into the JSON text of any value at any character: valid or not.
      const text = JSON.stringify({ a: { b: value } });
      const at = cut % (text.length + 1);
      for (const candidate of [
        text.slice(0, at) + blockText + text.slice(at),
        text.replace('null', blockText),
      ]) {
        let expected: { value?: unknown; error?: string };
        try {
          expected = { value: JSON.parse(candidate) as unknown };
        } catch (err) {
          expected = { error: (err as Error).message };
        }
        if (expected.error !== undefined)
          assert.throws(() => blocks.parse(candidate), { message: expected.error });
        else assert.deepEqual(blocks.parse(candidate), expected.value);
      }
    }),
    { numRuns: 3000 },
  );
});

test('JsonMemo: a shared block is found by identity, with the same result as by content', () => {
  const blocks = new RepeatedBlocks({ paths: [PATH] });
  const text = body(model(30));
  blocks.parse(text);
  const shared = floorsOf(blocks.parse(text));
  let computed = 0;
  const memo = new JsonMemo<number>({ maxEntries: 4, maxChars: 100_000 });
  const compute = () => ++computed;
  const own = floorsOf(JSON.parse(text));
  assert.equal(memo.kept(own, 's', compute), 1);
  assert.equal(memo.kept(shared, 's', compute), 1, 'the same content: the kept result');
  assert.equal(memo.kept(shared, 's', compute), 1);
  assert.equal(memo.kept(shared, 't', compute), 2, 'another scope computes');
  assert.equal(computed, 2);
});
