import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  declaresConsent,
  declaresLegitimateInterest,
  gvlSpecVersion,
  parseVendorList,
  parseVendorListText,
} from './parse.js';
import { gvlDocument } from './gvl-server.testkit.js';

describe('parseVendorList', () => {
  test('keeps purposes, LI purposes, flexible purposes and special features per vendor', () => {
    const doc = gvlDocument(3, 12, {
      8: { purposes: [1], legIntPurposes: [7], flexiblePurposes: [2], specialFeatures: [1] },
    });
    const r = parseVendorList(doc, 3);
    assert.ok(r.ok);
    const v = r.list.vendors.get(8)!;
    assert.deepEqual([r.list.specVersion, r.list.version], [3, 12]);
    assert.deepEqual(
      [[...v.purposes], [...v.legIntPurposes], [...v.flexiblePurposes], [...v.specialFeatures]],
      [[1], [7], [2], [1]],
    );
    assert.equal(declaresConsent(v, 1), true);
    assert.equal(declaresConsent(v, 2), true, 'flexible');
    assert.equal(declaresConsent(v, 7), false);
    assert.equal(declaresLegitimateInterest(v, 7), true);
    assert.equal(declaresLegitimateInterest(v, 2), true, 'flexible');
    assert.equal(declaresLegitimateInterest(v, 1), false);
  });

  test('rejects documents without a version or vendors, and bad JSON', () => {
    assert.equal(parseVendorList({ vendors: {} }, 3).ok, false);
    assert.equal(parseVendorList({ vendorListVersion: 0, vendors: {} }, 3).ok, false);
    assert.equal(parseVendorList({ vendorListVersion: 3 }, 3).ok, false);
    assert.equal(parseVendorList([], 3).ok, false);
    assert.equal(parseVendorListText('{"vendorListVersion": 3,', 3).ok, false);
  });

  test('skips malformed vendors and ids', () => {
    const r = parseVendorList(
      { vendorListVersion: 2, vendors: { '5': { purposes: [1, 'x'] }, x: 3, '0': {} } },
      2,
    );
    assert.ok(r.ok);
    assert.deepEqual([...r.list.vendors.keys()], [5]);
    assert.deepEqual([...r.list.vendors.get(5)!.purposes], [1]);
  });

  test('TCF policy version 4 and later use GVL spec 3', () => {
    assert.deepEqual([2, 3, 4, 5].map(gvlSpecVersion), [2, 2, 3, 3]);
  });
});
