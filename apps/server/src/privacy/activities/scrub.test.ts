// G privacy/scrubber_test.go cases through the activity scrubs, and the per-activity field lists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../../openrtb/types.js';
import { applyActivityScrubbing, scrubPreciseGeo, scrubTid, scrubUserFpd } from './scrub.js';

const req = (extra: Partial<BidRequest> = {}): BidRequest =>
  Object.assign({ id: 'r', imp: [{ id: 'i' }] }, extra);

test('transmitUfpd: device ids (G TestScrubDeviceIDs) and user ids/data (TestScrubUserIDs, TestScrubEids)', () => {
  const device = {
    didmd5: 'MD5',
    didsha1: 'SHA1',
    dpidmd5: 'MD5',
    dpidsha1: 'SHA1',
    ifa: 'IFA',
    macmd5: 'MD5',
    macsha1: 'SHA1',
    ua: 'ua',
    ip: '1.2.3.4',
  };
  const user = {
    data: [],
    id: 'ID',
    buyeruid: 'bID',
    yob: 2000,
    gender: 'M',
    keywords: 'k',
    kwarray: ['k'],
    eids: [],
    geo: { lat: 1.234 },
    consent: 'c',
  };
  const out = scrubUserFpd(req({ device, user }));
  assert.deepEqual(out.device, { ua: 'ua', ip: '1.2.3.4' });
  assert.deepEqual(out.user, { geo: { lat: 1.234 }, consent: 'c' });
  assert.deepEqual(device.ifa, 'IFA', 'input not mutated');
  assert.deepEqual(user.id, 'ID');
});

test('transmitUfpd: user.ext data and eids go, the rest stays; an emptied ext goes (G TestScrubUserExt)', () => {
  assert.deepEqual(scrubUserFpd(req({ user: { id: 'ID', ext: { data: '123', test: 1 } } })).user, {
    ext: { test: 1 },
  });
  assert.deepEqual(scrubUserFpd(req({ user: { ext: { eids: [{ source: 's' }], consent: 'c' } } })).user, {
    ext: { consent: 'c' },
  });
  assert.deepEqual(scrubUserFpd(req({ user: { ext: { data: 'x' } } })).user, {});
  assert.deepEqual(scrubUserFpd(req({ user: { ext: {} } })).user, { ext: {} });
  const none = req();
  assert.equal(scrubUserFpd(none), none, 'nothing to scrub → same object');
  const clean = req({ user: { consent: 'c' }, device: { ua: 'x' } });
  assert.equal(scrubUserFpd(clean), clean);
});

test('transmitTid (G TestScrubTID): source.tid and imp[].ext.tid', () => {
  assert.deepEqual(scrubTid(req()), req());
  const cases: [Record<string, unknown> | undefined, Record<string, unknown> | undefined][] = [
    [undefined, undefined],
    [{}, {}],
    [{ tid: '123', test: 1 }, { test: 1 }],
    [
      { data: '123', test: 1 },
      { data: '123', test: 1 },
    ],
    [{ tid: 'x' }, {}],
  ];
  for (const [ext, want] of cases) {
    const out = scrubTid(
      req({ source: { tid: 'tid', fd: 1 }, imp: [ext ? { id: 'impID', ext } : { id: 'impID' }] }),
    );
    assert.deepEqual(out.source, { fd: 1 });
    assert.deepEqual(out.imp, [want ? { id: 'impID', ext: want } : { id: 'impID' }]);
  }
});

test('transmitPreciseGeo (G TestScrubGEO): device.geo and user.geo rounded, other geo fields kept', () => {
  const geo = { lat: 123.456, lon: 678.89, metro: 'some metro', city: 'some city', zip: 'some zip' };
  const out = scrubPreciseGeo(req({ device: { geo }, user: { id: 'ID', geo: { lat: 123.123 } } }));
  assert.deepEqual(out.device?.geo, {
    lat: 123.46,
    lon: 678.89,
    metro: 'some metro',
    city: 'some city',
    zip: 'some zip',
  });
  assert.deepEqual(out.user, { id: 'ID', geo: { lat: 123.12 } });
  assert.equal(geo.lat, 123.456, 'input not mutated');
  assert.deepEqual(
    scrubPreciseGeo(req({ user: { id: 'ID' }, device: {} })),
    req({ user: { id: 'ID' }, device: {} }),
  );
});

test('transmitPreciseGeo: half away from zero on the decimal value (house rule; G mis-rounds negatives)', () => {
  const out = scrubPreciseGeo(req({ device: { geo: { lat: -1.235, lon: 1.005 } } }));
  assert.deepEqual(out.device?.geo, { lat: -1.24, lon: 1.01 });
});

test('transmitPreciseGeo: IPs masked with the account keep bits (defaults 24 / 56)', () => {
  const device = { ip: '192.168.123.45', ipv6: '1111:2222:3333:4444:5555:6666:7777:8888' };
  assert.deepEqual(scrubPreciseGeo(req({ device })).device, {
    ip: '192.168.123.0',
    ipv6: '1111:2222:3333:4400::',
  });
  assert.deepEqual(scrubPreciseGeo(req({ device }), { ipv4KeepBits: 16, ipv6KeepBits: 34 }).device, {
    ip: '192.168.0.0',
    ipv6: '1111:2222::',
  });
});

test('applyActivityScrubbing: only denied activities act; transmitUniqueRequestIds has no effect', () => {
  const full = req({
    source: { tid: 't' },
    imp: [{ id: 'i', ext: { tid: 'x', bidder: {} } }],
    device: { ifa: 'a', ip: '10.1.2.3', geo: { lat: 1.234 } },
    user: { id: 'u', eids: [] },
  });
  assert.equal(applyActivityScrubbing(full, {}), full);
  assert.equal(
    applyActivityScrubbing(full, { transmitUfpd: true, transmitTid: true, transmitPreciseGeo: true }),
    full,
  );
  assert.equal(applyActivityScrubbing(full, { transmitUniqueRequestIds: false }), full);
  const all = applyActivityScrubbing(full, {
    transmitUfpd: false,
    transmitPreciseGeo: false,
    transmitTid: false,
  });
  assert.deepEqual(all, {
    id: 'r',
    source: {},
    imp: [{ id: 'i', ext: { bidder: {} } }],
    device: { ip: '10.1.2.0', geo: { lat: 1.23 } },
    user: {},
  });
  const tidOnly = applyActivityScrubbing(full, { transmitTid: false });
  assert.equal(tidOnly.device, full.device);
  assert.equal(tidOnly.user, full.user);
});
