// G exchange TestMergeImpFPD and the shared exchange fixtures imp-fpd-*.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { impFpdFor, mergeImpFpd, type ImpValidator } from './imp-fpd.js';
import { snapshot } from './fpd.testkit.js';
import type { Imp } from '../openrtb/types.js';

const withFpd = (imp: Imp, fpd: unknown, bidder = 'appnexus'): Imp => ({
  ...imp,
  ext: { prebid: { bidder: { [bidder]: { placementId: 1 } }, imp: { [bidder]: fpd } } },
});

/** Stands in for the request validator: banner formats need positive sizes (the check G reports). */
const validateImp: ImpValidator = (imp, index) => {
  const errors: string[] = [];
  (imp.banner?.format ?? []).forEach((f, i) => {
    if (typeof f.w === 'number' && f.w < 0)
      errors.push(`request.imp[${index}].banner.format[${i}].w must be a positive number`);
    if (typeof f.h === 'number' && f.h < 0)
      errors.push(`request.imp[${index}].banner.format[${i}].h must be a positive number`);
  });
  return errors;
};

test('mergeImpFpd: no data for the bidder → the imp itself', () => {
  const imp: Imp = { id: 'imp1', banner: { w: 200, h: 400 }, ext: { prebid: { bidder: { appnexus: {} } } } };
  assert.deepEqual(mergeImpFpd({ imp, index: 0, bidder: 'appnexus', ns: 'prebid' }), {
    ok: true,
    imp,
    merged: false,
  });
  const other = withFpd({ id: 'i' }, { id: 'x' }, 'rubicon');
  assert.equal(impFpdFor(other, 'prebid', 'appnexus'), undefined);
  assert.equal(impFpdFor(other, 'core', 'rubicon'), undefined);
  assert.deepEqual(impFpdFor(other, 'prebid', 'rubicon'), { id: 'x' });
  // G matches the bidder key exactly.
  assert.equal(impFpdFor(other, 'prebid', 'Rubicon'), undefined);
});

test('mergeImpFpd: empty data leaves the imp as it is', () => {
  const imp = withFpd({ id: 'imp1', banner: { w: 200, h: 400 } }, {});
  const r = mergeImpFpd({ imp, index: 1, bidder: 'appnexus', ns: 'prebid' });
  assert.deepEqual(r, { ok: true, imp, merged: true });
});

test('mergeImpFpd: override_everything (ext of the result stays the original)', () => {
  const imp = withFpd(
    {
      id: 'id1',
      metric: [{ type: 'type1', value: 1, vendor: 'vendor1' }],
      banner: { w: 1, h: 2, format: [{ w: 10, h: 20, ext: { formatkey1: 'formatval1' } }] },
      instl: 1,
      bidfloor: 1,
    },
    {
      id: 'id2',
      metric: [{ type: 'type2', value: 2, vendor: 'vendor2' }],
      banner: { w: 100, h: 200, format: [{ w: 1000, h: 2000, ext: { formatkey1: 'formatval2' } }] },
      instl: 2,
      bidfloor: 2,
      ext: { cool: 'test2' },
    },
  );
  const before = snapshot(imp);
  const r = mergeImpFpd({ imp, index: 0, bidder: 'appnexus', ns: 'prebid', validateImp });
  assert.deepEqual(r, {
    ok: true,
    merged: true,
    imp: {
      id: 'id2',
      metric: [{ type: 'type2', value: 2, vendor: 'vendor2' }],
      banner: { w: 100, h: 200, format: [{ w: 1000, h: 2000, ext: { formatkey1: 'formatval2' } }] },
      instl: 2,
      bidfloor: 2,
      ext: imp.ext,
    },
  });
  assert.deepEqual(imp, before);
});

test('mergeImpFpd: override_partial_complex', () => {
  const imp = withFpd(
    {
      id: 'id1',
      banner: { w: 1, h: 2, format: [{ w: 10, h: 20 }] },
      tagid: 'tag1',
      rwdd: 1,
      iframebuster: ['b1', 'b2'],
    },
    { id: 'id2', banner: { w: 100, format: [{ w: 1000, h: 2000 }] }, instl: 2 },
  );
  const r = mergeImpFpd({ imp, index: 0, bidder: 'appnexus', ns: 'prebid' });
  assert.ok(r.ok);
  assert.deepEqual(r.imp, {
    id: 'id2',
    banner: { w: 100, h: 2, format: [{ w: 1000, h: 2000 }] },
    tagid: 'tag1',
    rwdd: 1,
    iframebuster: ['b1', 'b2'],
    instl: 2,
    ext: imp.ext,
  });
});

test('mergeImpFpd: data that cannot be decoded onto the imp (non-fatal in G)', () => {
  const imp = withFpd({ id: 'imp1', banner: { w: 200 } }, 'malformed');
  assert.deepEqual(mergeImpFpd({ imp, index: 3, bidder: 'appnexus', ns: 'prebid' }), {
    ok: false,
    fatal: false,
    message: 'invalid first party data for imp[3]',
  });
  const wrongKind = withFpd({ id: 'imp1', banner: { w: 200 } }, { banner: { w: 'wide' } });
  assert.deepEqual(mergeImpFpd({ imp: wrongKind, index: 0, bidder: 'appnexus', ns: 'prebid' }), {
    ok: false,
    fatal: false,
    message: 'invalid first party data for imp[0]',
  });
});

test('imp-fpd-invalid.json: the merged imp fails validation → fatal with G message', () => {
  const imp: Imp = {
    id: 'imp-id-1',
    banner: { format: [{ w: 300, h: 600 }] },
    ext: {
      prebid: {
        bidder: { appnexus: { placementId: 1 }, audienceNetwork: { placementId: 'some-placement' } },
        imp: {
          appnexus: { id: 'imp-id-1-appnexus' },
          audienceNetwork: { banner: { format: [{ w: -1, h: -1 }] } },
        },
      },
    },
  };
  const apn = mergeImpFpd({ imp, index: 0, bidder: 'appnexus', ns: 'prebid', validateImp });
  assert.ok(apn.ok);
  assert.equal(apn.imp.id, 'imp-id-1-appnexus');
  const an = mergeImpFpd({ imp, index: 0, bidder: 'audienceNetwork', ns: 'prebid', validateImp });
  assert.deepEqual(an, {
    ok: false,
    fatal: true,
    message:
      'merging bidder imp first party data for imp imp-id-1 results in an invalid imp: [request.imp[0].banner.format[0].w must be a positive number request.imp[0].banner.format[0].h must be a positive number]',
  });
});

test('imp-fpd-invalid.json: one validator error reads exactly as the fixture', () => {
  const imp = withFpd(
    { id: 'imp-id-1', banner: { format: [{ w: 300, h: 600 }] } },
    { banner: { format: [{ w: -1, h: 1 }] } },
  );
  const r = mergeImpFpd({ imp, index: 0, bidder: 'appnexus', ns: 'prebid', validateImp });
  assert.deepEqual(r, {
    ok: false,
    fatal: true,
    message:
      'merging bidder imp first party data for imp imp-id-1 results in an invalid imp: [request.imp[0].banner.format[0].w must be a positive number]',
  });
});

test('imp-fpd-multiple-imp.json: banner, video, audio and native merged per imp', () => {
  const cases: [Imp, unknown, Imp][] = [
    [
      { id: 'imp-id-1', banner: { w: 100, format: [{ w: 300, h: 600 }] } },
      { banner: { h: 200, format: [{ w: 3000, h: 6000 }], btype: [1, 2] } },
      { id: 'imp-id-1', banner: { w: 100, h: 200, format: [{ w: 3000, h: 6000 }], btype: [1, 2] } },
    ],
    [
      { id: 'imp-id-2', video: { mimes: ['video/mp3'], w: 200 } },
      { video: { mimes: ['video/mp4'], h: 400 } },
      { id: 'imp-id-2', video: { mimes: ['video/mp4'], w: 200, h: 400 } },
    ],
    [
      {
        id: 'imp-id-3',
        audio: {
          mimes: ['audio/mp4'],
          minduration: 1,
          maxduration: 10,
          durfloors: [{ mindur: 1, maxdur: 10, bidfloor: 10 }],
        },
        native: { request: '{"ver":"1.1"}', ver: '1.1' },
      },
      {
        audio: { maxduration: 20, durfloors: [{ mindur: 2, maxdur: 30, bidfloor: 20 }], poddur: 40 },
        native: { ver: '2.2', ctype: 1 },
      },
      {
        id: 'imp-id-3',
        audio: {
          mimes: ['audio/mp4'],
          minduration: 1,
          maxduration: 20,
          durfloors: [{ mindur: 2, maxdur: 30, bidfloor: 20 }],
          poddur: 40,
        },
        native: { request: '{"ver":"1.1"}', ver: '2.2', ctype: 1 },
      },
    ],
  ];
  cases.forEach(([base, fpd, want], index) => {
    const imp = withFpd(base, fpd);
    const r = mergeImpFpd({ imp, index, bidder: 'appnexus', ns: 'prebid', validateImp });
    assert.deepEqual(r, { ok: true, merged: true, imp: { ...want, ext: imp.ext } });
  });
});

test('imp-fpd-skipped-validation.json: the validator hook decides (bidder params not checked)', () => {
  const imp: Imp = {
    id: 'imp-id-1',
    native: {},
    ext: {
      prebid: { bidder: { appnexus: { placementId: [] } }, imp: { appnexus: { id: 'imp-id-1-appnexus' } } },
    },
  };
  const r = mergeImpFpd({ imp, index: 0, bidder: 'appnexus', ns: 'prebid', validateImp });
  assert.ok(r.ok);
  assert.deepEqual(r.imp, { ...imp, id: 'imp-id-1-appnexus' });
});

test('mergeImpFpd: the core namespace', () => {
  const imp: Imp = {
    id: 'i',
    banner: { w: 1 },
    ext: { core: { bidder: { x: {} }, imp: { x: { banner: { w: 2 } } } } },
  };
  const r = mergeImpFpd({ imp, index: 0, bidder: 'x', ns: 'core' });
  assert.ok(r.ok);
  assert.deepEqual(r.imp.banner, { w: 2 });
});
