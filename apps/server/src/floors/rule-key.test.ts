import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest, Imp } from '../openrtb/types.js';
import {
  adUnitCodeOf,
  deviceTypeOf,
  domainOf,
  gptSlotOf,
  mediaTypeOf,
  pubDomainOf,
  ruleKeyValues,
  siteDomainOf,
  sizeOf,
} from './rule-key.js';

const req = (r: Partial<BidRequest>): BidRequest => Object.assign({ id: 'r', imp: [] }, r);

// G rule_test.go TestCreateRuleKeys
const keyCases: Array<{ fields: string[]; request: BidRequest; imp: Imp; out: string[] }> = [
  {
    fields: ['mediaType', 'size', 'domain'],
    request: req({ site: { domain: 'www.test.com' } }),
    imp: { id: '1', banner: { format: [{ w: 300, h: 250 }] } },
    out: ['banner', '300x250', 'www.test.com'],
  },
  {
    fields: ['mediaType', 'size', 'domain'],
    request: req({ site: { domain: 'www.test.com' } }),
    imp: { id: '1', video: { w: 640, h: 480, placement: 1 } },
    out: ['video', '640x480', 'www.test.com'],
  },
  {
    fields: ['mediaType', 'size', 'domain'],
    request: req({ site: { domain: 'www.test.com' } }),
    imp: { id: '1', video: { w: 300, h: 250, placement: 2 } },
    out: ['video-outstream', '300x250', 'www.test.com'],
  },
  {
    fields: ['mediaType', 'adUnitCode', 'siteDomain'],
    request: req({ site: { domain: 'www.test.com' } }),
    imp: { id: '1', tagid: 'tag123', audio: {} },
    out: ['audio', 'tag123', 'www.test.com'],
  },
  {
    fields: ['mediaType', 'adUnitCode', 'siteDomain'],
    request: req({ site: { domain: 'www.test.com' } }),
    imp: { id: '1', audio: {} },
    out: ['audio', '*', 'www.test.com'],
  },
  {
    fields: ['mediaType', 'bundle', 'siteDomain'],
    request: req({ app: { domain: 'www.test.com', bundle: 'bundle123' } }),
    imp: { id: '1', native: { request: 'Test' } },
    out: ['native', 'bundle123', 'www.test.com'],
  },
  {
    fields: ['mediaType', 'bundle', 'siteDomain'],
    request: req({ app: { domain: 'www.test.com', bundle: 'bundle123' } }),
    imp: { id: '1', audio: {}, native: { request: 'Test' } },
    out: ['*', 'bundle123', 'www.test.com'],
  },
  {
    fields: ['channel', 'country', 'deviceType'],
    request: req({
      app: { publisher: { domain: 'www.test.com' } },
      device: { geo: { country: 'USA' }, ua: 'Windows NT touch' },
      ext: { prebid: { channel: { name: 'chName', version: 'ver1' } } },
    }),
    imp: { id: '1', native: {} },
    out: ['chName', 'USA', 'tablet'],
  },
  {
    fields: ['channel', 'size', 'deviceType'],
    request: req({ device: { ua: 'SomeDevice' } }),
    imp: {
      id: '1',
      banner: {
        format: [
          { w: 100, h: 200 },
          { w: 200, h: 300 },
        ],
      },
    },
    out: ['*', '*', 'desktop'],
  },
  {
    fields: ['pubDomain', 'country', 'deviceType'],
    request: req({
      app: { publisher: { domain: 'www.test.com' } },
      device: { geo: { country: 'USA' }, ua: 'Phone' },
    }),
    imp: { id: '1', native: {} },
    out: ['www.test.com', 'USA', 'phone'],
  },
  {
    fields: ['pubDomain', 'gptSlot', 'deviceType'],
    request: req({ site: { publisher: { domain: 'www.test.com' } }, device: { geo: { country: 'USA' } } }),
    imp: {
      id: '1',
      native: {},
      ext: { data: { adserver: { name: 'gam', adslot: 'adslot123' }, pbadslot: 'pb' } },
    },
    out: ['www.test.com', 'adslot123', '*'],
  },
  {
    fields: ['domain', 'adUnitCode', 'channel'],
    request: req({ app: { publisher: { domain: 'www.test.com' } } }),
    imp: { id: '1', native: {}, ext: { gpid: 'gpid_134' } },
    out: ['www.test.com', 'gpid_134', '*'],
  },
  {
    fields: ['domain', 'adUnitCode', 'channel'],
    request: req({ app: { publisher: { domain: 'www.test.com' } } }),
    imp: { id: '1', native: {}, ext: { prebid: { storedrequest: { id: 'storedid_123' } } } },
    out: ['www.test.com', 'storedid_123', '*'],
  },
];
test('rule key values for each supported field', () => {
  for (const c of keyCases) assert.deepEqual(ruleKeyValues(c.fields, c.request, c.imp, 'prebid'), c.out);
});

test('channel and stored request id are read under the configured namespace', () => {
  const request = req({ ext: { core: { channel: { name: 'web' } } } });
  const imp: Imp = { id: '1', ext: { core: { storedrequest: { id: 's1' } } } };
  assert.deepEqual(ruleKeyValues(['channel', 'adUnitCode'], request, imp, 'core'), ['web', 's1']);
  assert.deepEqual(ruleKeyValues(['channel', 'adUnitCode'], request, imp, 'prebid'), ['*', '*']);
});

// G TestGetDeviceType
test('device type from the user agent', () => {
  const cases: Array<[string | undefined, string]> = [
    ['Mozilla/5.0 (Phone Samsung Mobile; Win64; x64)', 'phone'],
    ['Safari(iPhone Apple Mobile)', 'phone'],
    ['Mozilla/5.0 (Mobile Android; Win64; x64)', 'phone'],
    ['Mozilla/5.0 (Android Redmi Mobile; Win64; x64)', 'phone'],
    ['Mozilla/5.0 (Windows NT touch 10.0; Win64; x64)', 'tablet'],
    ['Mozilla/5.0 (ipad 13.10; Win64; x64)', 'tablet'],
    ['Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Win64; x64; Trident/6.0; Touch)', 'tablet'],
    ['Mozilla/5.0 (touch realme Windows NT Win64; x64)', 'tablet'],
    ['Mozilla/5.0 (Android; Win64; x64)', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'desktop'],
    [undefined, '*'],
  ];
  for (const [ua, want] of cases)
    assert.equal(deviceTypeOf(req(ua === undefined ? {} : { device: { ua } })), want, ua);
});

// G TestGetAdUnitCode, TestGetGptSlot
test('ad unit code and gpt slot fallbacks', () => {
  assert.equal(adUnitCodeOf({ id: '1', ext: { gpid: 'test_gpid' }, tagid: 't' }, 'prebid'), 'test_gpid');
  assert.equal(adUnitCodeOf({ id: '1', tagid: 'tag_1' }, 'prebid'), 'tag_1');
  assert.equal(adUnitCodeOf({ id: '1', ext: { data: { pbadslot: 'pbslot_1' } } }, 'prebid'), 'pbslot_1');
  assert.equal(adUnitCodeOf({ id: '1', ext: { prebid: { storedrequest: { id: '123' } } } }, 'prebid'), '123');
  assert.equal(adUnitCodeOf({ id: '1' }, 'prebid'), '*');
  assert.equal(adUnitCodeOf({ id: '1', ext: { prebid: { custom: { id: '123' } } } }, 'prebid'), '*');
  assert.equal(
    gptSlotOf({ id: '1', ext: { data: { adserver: { name: 'gam', adslot: 'slot_1' } } } }),
    'slot_1',
  );
  assert.equal(gptSlotOf({ id: '1', ext: { data: { pbadslot: 'pbslot_1' } } }), 'pbslot_1');
  assert.equal(gptSlotOf({ id: '1', ext: { data: { adserver: { name: 'gam' }, pbadslot: 'p' } } }), '*');
  assert.equal(gptSlotOf({ id: '1' }), '*');
});

// G TestGetSizeValue, TestGetMediaType
test('size and media type', () => {
  assert.equal(sizeOf({ id: '1', banner: { format: [{ w: 300, h: 250 }] } }), '300x250');
  assert.equal(sizeOf({ id: '1', banner: { w: 320, h: 240 } }), '320x240');
  assert.equal(sizeOf({ id: '1', video: { w: 120, h: 240 } }), '120x240');
  assert.equal(
    sizeOf({
      id: '1',
      banner: {
        format: [
          { w: 300, h: 250 },
          { w: 200, h: 300 },
        ],
      },
    }),
    '*',
  );
  assert.equal(sizeOf({ id: '1', audio: {} }), '*');
  assert.equal(mediaTypeOf({ id: '1', video: { w: 1, h: 2 }, banner: { w: 3, h: 4 } }), '*');
  assert.equal(mediaTypeOf({ id: '1', banner: {} }), 'banner');
  assert.equal(mediaTypeOf({ id: '1', video: { placement: 2 } }), 'video-outstream');
  assert.equal(mediaTypeOf({ id: '1', video: { placement: 1 } }), 'video');
  assert.equal(mediaTypeOf({ id: '1', video: {} }), 'video'); // J: no placement = instream
  assert.equal(mediaTypeOf({ id: '1', audio: {} }), 'audio');
  assert.equal(mediaTypeOf({ id: '1', native: {} }), 'native');
});

// G TestGetSiteDomain, TestGetPublisherDomain, TestGetDomain
test('site, publisher and either domain', () => {
  assert.equal(siteDomainOf(req({ site: { domain: 'abc.xyz.com' } })), 'abc.xyz.com');
  assert.equal(siteDomainOf(req({ site: {} })), '*');
  assert.equal(siteDomainOf(req({ app: { domain: 'app.com' } })), 'app.com');
  assert.equal(pubDomainOf(req({ site: { publisher: { domain: 'pub.com' } } })), 'pub.com');
  assert.equal(pubDomainOf(req({ app: { publisher: { domain: 'apub.com' } } })), 'apub.com');
  assert.equal(pubDomainOf(req({ site: {} })), '*');
  assert.equal(domainOf(req({ site: { domain: 's.com', publisher: { domain: 'p.com' } } })), 's.com');
  assert.equal(domainOf(req({ site: { publisher: { domain: 'p.com' } } })), 'p.com');
  assert.equal(domainOf(req({ app: { publisher: { domain: 'ap.com' } } })), 'ap.com');
  assert.equal(domainOf(req({})), '*');
});
