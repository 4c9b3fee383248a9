// The parity body of issue 22's measurements (request.mjs withParity): all four blocks by default,
// only the named ones with `parts` (vs-parity --parts), an unknown name refused with the list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PARITY_PARTS, buildRequest, withParity } from './request.mjs';

const BIDDERS = ['a', 'b', 'c'];
const prebidOf = (body: { ext: { prebid: Record<string, unknown> } }) => body.ext.prebid;
const body = () =>
  buildRequest({ bidders: BIDDERS }) as unknown as { ext: { prebid: Record<string, unknown> } };

test('withParity: every parity block by default', () => {
  const prebid = prebidOf(withParity(body(), BIDDERS));
  for (const part of PARITY_PARTS) assert.ok(prebid[part] !== undefined, part);
  assert.deepEqual(prebid['bidadjustmentfactors'], { a: 0.9, b: 0.95, mediatypes: { banner: { c: 0.85 } } });
});

test('withParity: only the named blocks, the others left as the body had them', () => {
  const prebid = prebidOf(withParity(body(), BIDDERS, ['multibid']));
  assert.ok(Array.isArray(prebid['multibid']));
  for (const part of PARITY_PARTS.filter((p: string) => p !== 'multibid'))
    assert.equal(prebid[part], undefined, part);
  assert.deepEqual(prebidOf(withParity(body(), BIDDERS, [])), prebidOf(body()));
});

test('withParity: an unknown block name is refused, naming it and the known ones', () => {
  assert.throws(
    () => withParity(body(), BIDDERS, ['floors', 'flors']),
    /unknown parity part\(s\) flors \(floors, /,
  );
});
