// Multi-format imps for bidders without multi-format support (upstream G infoawarebidder pruneImps):
// the preference order, each way an imp is dropped, and the warnings for removed types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Imp } from '../../openrtb/types.js';
import { formatCount, preferredMediaTypeOf, reduceToPreferred } from './preferred-media-type.js';

const imp: Imp = {
  id: 'i1',
  banner: { format: [{ w: 300, h: 250 }] },
  video: { mimes: ['video/mp4'] },
  native: { request: '{}' },
};

test('the request biddercontrols win over the account; nothing given is the empty preference', () => {
  const nsExt = { biddercontrols: { pubmatic: { prefmtype: 'video' }, appnexus: { prefmtype: '' } } };
  const account = { pubmatic: 'banner', appnexus: 'native' };
  assert.equal(preferredMediaTypeOf('pubmatic', { nsExt, account }), 'video');
  assert.equal(preferredMediaTypeOf('appnexus', { nsExt, account }), 'native');
  assert.equal(preferredMediaTypeOf('rubicon', { nsExt, account }), '');
  assert.equal(preferredMediaTypeOf('rubicon', { nsExt: undefined, account: undefined }), '');
});

test('the preferred type is kept and every other type removed with a warning each', () => {
  const r = reduceToPreferred(imp, 'video');
  assert.deepEqual(Object.keys(r.imp ?? {}).sort(), ['id', 'video']);
  assert.deepEqual(r.errors, []);
  assert.deepEqual(
    r.warnings.map((w) => [w.code, w.message]),
    [
      [10999, "Imp i1 uses banner, removing banner as the bidder doesn't support multi-format"],
      [10999, "Imp i1 uses native, removing native as the bidder doesn't support multi-format"],
    ],
  );
  assert.equal(formatCount(imp), 3, 'the input is not mutated');
});

test('the imp is dropped with an error when no type is preferred, the type is unknown or missing', () => {
  const cases: Array<[string, string]> = [
    [
      '',
      'Removing the imp i1 as the bidder does not support multi-format and preferred media type is not defined for the bidder',
    ],
    ['banana', 'Imp i1 has an invalid preferred media type: banana. It will be ignored.'],
    ['audio', 'Imp i1 does not have a preferred AUDIO media type. It will be ignored.'],
  ];
  for (const [preferred, message] of cases) {
    const r = reduceToPreferred(imp, preferred);
    assert.equal(r.imp, undefined);
    assert.deepEqual(r.errors, [{ code: 2, message }]);
    assert.deepEqual(r.warnings, []);
  }
});
