import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bodyJson } from './shared-json.js';

test('bodyJson writes exactly what JSON.stringify writes', () => {
  fc.assert(
    fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (body) => {
      assert.equal(bodyJson(body), JSON.stringify(body));
    }),
  );
});

test('bodyJson: OpenRTB field names (written from a table) and any other keys alike', () => {
  const key = fc.oneof(fc.constantFrom('id', 'imp', 'site', 'user', 'ext', 'cur', 'tmax', 'at'), fc.string());
  fc.assert(
    fc.property(fc.dictionary(key, fc.jsonValue()), (body) => {
      assert.equal(bodyJson(body), JSON.stringify(body));
    }),
  );
});

test('undefined and function values are left out, integer-like keys come first, toJSON is honoured', () => {
  const when = new Date(0);
  const body = { b: 1, 2: 'two', a: undefined, f: () => 1, d: when, 1: [undefined], e: { x: undefined } };
  assert.equal(bodyJson(body), JSON.stringify(body));
  const own = { toJSON: () => 'own' };
  assert.equal(bodyJson(own), JSON.stringify(own));
  assert.equal(bodyJson({}), '{}');
});

test('bodies of one job share the text of the objects they share', () => {
  const site = { id: 's', page: 'https://example.com/' };
  const first = bodyJson({ id: 'a', site, imp: [{ id: '1' }] });
  const second = bodyJson({ id: 'b', site, imp: [{ id: '2' }] });
  assert.equal(first, '{"id":"a","site":{"id":"s","page":"https://example.com/"},"imp":[{"id":"1"}]}');
  assert.equal(second, '{"id":"b","site":{"id":"s","page":"https://example.com/"},"imp":[{"id":"2"}]}');
});

test('the memo does not outlive the job: an object changed afterwards is written afresh', async () => {
  const site: Record<string, unknown> = { id: 's' };
  assert.equal(bodyJson({ site }), '{"site":{"id":"s"}}');
  await Promise.resolve();
  site['id'] = 't';
  assert.equal(bodyJson({ site }), '{"site":{"id":"t"}}');
});
