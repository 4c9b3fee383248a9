import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest, Imp } from '../openrtb/types.js';
import { enrichWithPriceFloors, FLOORS_DISABLED } from './enrich.js';
import { fixedRandom, floorsSettings, rateConverter, requestWith } from './floors.testkit.js';
import type { FloorsSettings } from './settings.js';
import type { FetchedFloors } from './types.js';

const convert = rateConverter({ USD: { INR: 70, EUR: 0.9, JPY: 5.09 } });
const site = { publisher: { domain: 'www.website.com' } };
const banner300x250: Imp = { id: '1234', banner: { format: [{ w: 300, h: 250 }] } };
const enforcement = '"enforcement":{"enforcepbs":true,"floordeals":true,"enforcerate":100}';

function run(
  req: BidRequest,
  opts: { settings?: FloorsSettings; fetched?: FetchedFloors; random?: number } = {},
) {
  return enrichWithPriceFloors({
    request: req,
    ns: 'prebid',
    settings: opts.settings ?? floorsSettings({ maxRules: 100, maxSchemaDims: 5 }),
    ...(opts.fetched ? { fetched: opts.fetched } : {}),
    convert,
    random: fixedRandom(opts.random ?? 0.5),
  });
}

const floorsOut = (req: BidRequest) => (req.ext?.['prebid'] as { floors: Record<string, unknown> }).floors;
const group = (values: string, extra = '') =>
  `{"modelversion":"model 1 from req","currency":"USD","values":${values},"schema":{"fields":["mediaType","size","domain"],"delimiter":"|"}${extra}}`;

// G floors_test.go TestEnrichWithPriceFloors
test('disabled in the account or in the request: error, request untouched', () => {
  const req = requestWith(
    { site, imp: [banner300x250] },
    `{"data":{"modelgroups":[${group('{"*|*|*":7}')}]},"enabled":true}`,
  );
  const off = run(req, { settings: floorsSettings({ enabled: false }) });
  assert.deepEqual(off.errors, [FLOORS_DISABLED]);
  assert.equal(off.request, req);
  const reqOff = requestWith(
    { site, imp: [banner300x250] },
    `{"data":{"modelgroups":[${group('{"*|*|*":7}')}]},"enabled":false}`,
  );
  assert.deepEqual(run(reqOff).errors, [FLOORS_DISABLED]);
  const hostOff = run(req, { settings: floorsSettings({}, false) });
  assert.deepEqual(hostOff, { request: req, errors: [] });
});

test('rule matched: bidfloor, currency, imp.ext floors and the rewritten ext', () => {
  const floors = `{"data":{"currency":"USD","modelgroups":[${group('{"banner|300x250|www.website.com":5,"*|*|*":7}')},${group('{"banner|300x250|www.website.com":5,"*|*|*":7}')}]},"enabled":true,${enforcement}}`;
  const out = run(requestWith({ site, imp: [banner300x250] }, floors));
  assert.deepEqual(out.errors, []);
  const imp = out.request.imp[0];
  assert.equal(imp?.bidfloor, 5);
  assert.equal(imp?.bidfloorcur, 'USD');
  assert.deepEqual(imp?.ext?.['prebid'], {
    floors: { floorrule: 'banner|300x250|www.website.com', floorrulevalue: 5, floorvalue: 5 },
  });
  assert.deepEqual(floorsOut(out.request), {
    data: {
      currency: 'USD',
      modelgroups: [
        {
          currency: 'USD',
          modelweight: 1,
          modelversion: 'model 1 from req',
          schema: { fields: ['mediaType', 'size', 'domain'], delimiter: '|' },
          values: { 'banner|300x250|www.website.com': 5, '*|*|*': 7 },
        },
      ],
    },
    enforcement: { enforcepbs: true, floordeals: true, enforcerate: 100 },
    enabled: true,
    skipped: false,
    fetchstatus: 'none',
    location: 'request',
  });
});

test('skip rate 100: skipped, no floors set', () => {
  const floors = `{"data":{"currency":"USD","modelgroups":[${group('{"*|*|*":7}')}]},"enabled":true,"skiprate":100}`;
  const out = run(requestWith({ site, imp: [banner300x250] }, floors), { random: 0.99 });
  assert.equal(floorsOut(out.request)['skipped'], true);
  assert.equal(out.request.imp[0]?.bidfloor, undefined);
});

test('invalid skip rate at the root: error, floors dropped but location kept', () => {
  const floors = `{"data":{"currency":"USD","modelgroups":[${group('{"*|*|*":7}')}]},"enabled":true,"skiprate":110}`;
  const out = run(requestWith({ site, imp: [banner300x250] }, floors));
  assert.deepEqual(out.errors, ["Invalid SkipRate = '110' at ext.prebid.floors.skiprate"]);
  assert.deepEqual(floorsOut(out.request), { fetchstatus: 'none', location: 'request' });
  assert.equal(out.request.imp[0]?.bidfloor, undefined);
});

test('an invalid model group is dropped and reported; the other one is used', () => {
  const mg = (v: string, skip: string) =>
    `{"modelweight":50,"modelversion":"${v}"${skip},"schema":{"fields":["mediaType","size","domain"],"delimiter":"|"},"values":{"*|*|*":11.01,"*|*|www.website1.com":17.01},"default":21}`;
  const floors = `{"floormin":11,"floormincur":"USD","data":{"currency":"USD","floorsschemaversion":2,"modelgroups":[${mg('version2', '')},${mg('version11', ',"skiprate":110')}]},"enabled":true}`;
  const out = run(requestWith({ site, imp: [banner300x250] }, floors));
  assert.deepEqual(out.errors, [
    "Invalid Floor Model = 'version11' due to SkipRate = '110' is out of range (1-100)",
  ]);
  assert.equal(out.request.imp[0]?.bidfloor, 11.01);
  assert.equal((floorsOut(out.request)['data'] as { floorsschemaversion: number }).floorsschemaversion, 2);
});

test('upper-case rule keys match (site banner 300x600) and are written lower-cased', () => {
  const imp: Imp = { id: '1234', banner: { w: 300, h: 600 } };
  const floors = `{"data":{"currency":"USD","modelgroups":[${group('{"BANNER|300x600|WWW.WEBSITE.COM":5,"*|*|*":7}')}]}}`;
  const out = run(requestWith({ site, imp: [imp] }, floors));
  assert.equal(out.request.imp[0]?.bidfloor, 5);
  const data = floorsOut(out.request)['data'] as { modelgroups: Array<{ values: object }> };
  assert.deepEqual(data.modelgroups[0]?.values, { 'banner|300x600|www.website.com': 5, '*|*|*': 7 });
});

test('app domain rule', () => {
  const imp: Imp = { id: '1234', banner: { w: 300, h: 600 } };
  const floors = `{"data":{"currency":"USD","modelgroups":[${group('{"banner|300x600|www.website.com":5,"*|*|www.test.com":15,"*|*|*":7}')}]}}`;
  assert.equal(
    run(requestWith({ app: { domain: 'www.test.com' }, imp: [imp] }, floors)).request.imp[0]?.bidfloor,
    15,
  );
});

test('no request floors: noData, the imp keeps its own floor', () => {
  const imp: Imp = { id: '1234', bidfloor: 10, bidfloorcur: 'EUR', banner: { w: 300, h: 600 } };
  const out = run(requestWith({ app: { domain: 'www.test.com' }, imp: [imp], ext: { prebid: {} } }));
  assert.deepEqual(out.errors, []);
  assert.deepEqual(out.request.imp[0], imp);
  assert.deepEqual(floorsOut(out.request), { fetchstatus: 'none', location: 'noData' });
});

test('floor minimum in another currency', () => {
  const cases: Array<[string, number, string]> = [
    // rule 1 USD < floormin 80 INR = 1.1429 USD
    [
      `{"floormin":80,"floormincur":"INR","data":{"currency":"USD","modelgroups":[${group('{"banner|300x250|www.website.com":1,"*|*|*":7}')}]}}`,
      1.1429,
      'USD',
    ],
    // rule 60 INR < floormin 1 USD = 70 INR
    [
      `{"floormin":1,"floormincur":"USD","data":{"currency":"INR","modelgroups":[{"values":{"banner|300x250|www.website.com":60,"*|*|*":67},"Default":50,"schema":{"fields":["mediaType","size","domain"]}}]}}`,
      70,
      'INR',
    ],
    [
      `{"floormin":1,"floormincur":"USD","data":{"currency":"USD","modelgroups":[{"values":{"banner|300x250|www.website.com":2},"schema":{"fields":["mediaType","size","domain"]}}]}}`,
      2,
      'USD',
    ],
    [
      `{"floormin":3,"floormincur":"USD","data":{"currency":"USD","modelgroups":[{"values":{"banner|300x250|www.website.com":2},"schema":{"fields":["mediaType","size","domain"]}}]}}`,
      3,
      'USD',
    ],
    // no rule matched: the default, raised to the minimum
    [
      `{"data":{"currency":"USD","modelgroups":[{"values":{"banner|300x250|www.website.com1":2},"schema":{"fields":["mediaType","size","domain"]},"default":20}]}}`,
      20,
      'USD',
    ],
    [
      `{"floormin":15,"floormincur":"USD","data":{"currency":"USD","modelgroups":[{"values":{"banner|300x250|www.website.com1":2},"schema":{"fields":["mediaType","size","domain"]},"default":5}]}}`,
      15,
      'USD',
    ],
  ];
  for (const [floors, value, cur] of cases) {
    const imp = run(requestWith({ site, imp: [banner300x250] }, floors)).request.imp[0];
    assert.equal(imp?.bidfloor, value, floors);
    assert.equal(imp?.bidfloorcur, cur, floors);
  }
});

test('default floor: no imp.ext floors written; no rule and no default: imp keeps its floor', () => {
  const withDefault = `{"data":{"modelgroups":[{"values":{"video|*|*":2},"schema":{"fields":["mediaType","size","domain"]},"default":20}]}}`;
  const out = run(requestWith({ site, imp: [banner300x250] }, withDefault)).request.imp[0];
  assert.equal(out?.bidfloor, 20);
  assert.equal(out?.ext, undefined);
  const imp: Imp = {
    id: '1234',
    bidfloor: 100,
    bidfloorcur: 'INR',
    banner: { format: [{ w: 300, h: 250 }] },
  };
  const none = `{"floormin":2,"floormincur":"USD","data":{"modelgroups":[{"values":{"video|*|*":2},"schema":{"fields":["mediaType","size","domain"]}}]}}`;
  const kept = run(requestWith({ site, imp: [imp] }, none)).request.imp[0];
  assert.equal(kept?.bidfloor, 100);
  assert.equal(kept?.bidfloorcur, 'INR');
});

test('unknown floor minimum currency: error, no floor for the imp', () => {
  const floors = `{"floormin":80,"floormincur":"ABCD","data":{"currency":"USD","modelgroups":[${group('{"*|*|*":7}')}]}}`;
  const out = run(requestWith({ site, imp: [banner300x250] }, floors));
  assert.deepEqual(out.errors, ["Error in getting FloorMin value : 'currency conversion not supported'"]);
  assert.equal(out.request.imp[0]?.bidfloor, undefined);
});

test('invalid rule keys are reported and dropped; empty bid request', () => {
  const floors = `{"data":{"modelgroups":[{"values":{"banner|300x250":3,"*|*|*":1},"schema":{"fields":["mediaType","size","domain"]}}]}}`;
  const out = run(requestWith({ site, imp: [banner300x250] }, floors));
  assert.deepEqual(out.errors, [
    "Invalid Floor Rule = 'banner|300x250' for Schema Fields = '[mediaType size domain]'",
  ]);
  assert.equal(out.request.imp[0]?.bidfloor, 1);
  assert.deepEqual(run(null as unknown as BidRequest).errors, ['Empty bidrequest']);
});

test('request floors of the wrong type: parse error, treated as absent', () => {
  const out = run(requestWith({ site, imp: [banner300x250] }, '{"floormin":"x"}'));
  assert.deepEqual(out.errors, [
    'Price floors processing failed: parsing of request price floors is failed: ext.prebid.floors.floormin must be a number',
  ]);
  assert.deepEqual(floorsOut(out.request), { fetchstatus: 'none', location: 'noData' });
});

const fetchedData = {
  currency: 'USD',
  modelgroups: [
    {
      modelversion: 'Version 101',
      currency: 'USD',
      values: { 'banner|300x600|www.website5.com': 15, '*|*|*': 25 },
      schema: { fields: ['mediaType', 'size', 'domain'], delimiter: '|' },
    },
  ],
};

// G floors_test.go TestResolveFloors, TestResolveFloorsWithUseDataRate
test('fetched data wins when the account uses dynamic data', () => {
  const reqFloors = `{"floormin":30,"floormincur":"USD","data":{"currency":"USD","modelgroups":[${group('{"*|*|*":7}')}]},${enforcement}}`;
  const req = requestWith({ site, imp: [banner300x250] }, reqFloors);
  const dynamic = floorsSettings({ useDynamicData: true });
  const out = run(req, { settings: dynamic, fetched: { data: fetchedData, status: 'success' } });
  assert.equal(out.request.imp[0]?.bidfloor, 30); // 25 from the fetched data, raised to the request's minimum
  const ext = floorsOut(out.request);
  assert.equal(ext['location'], 'fetch');
  assert.equal(ext['fetchstatus'], 'success');
  assert.equal(ext['enabled'], true);
  assert.deepEqual(ext['enforcement'], { enforcepbs: true, floordeals: true, enforcerate: 100 });

  const notDynamic = run(req, { fetched: { data: fetchedData, status: 'success' } });
  assert.equal(floorsOut(notDynamic.request)['location'], 'request');
  assert.equal(floorsOut(notDynamic.request)['fetchstatus'], 'none');
  assert.equal(notDynamic.request.imp[0]?.bidfloor, 30);

  const rate0 = run(req, {
    settings: dynamic,
    fetched: { data: { ...fetchedData, usefetchdatarate: 0 }, status: 'success' },
  });
  assert.equal(floorsOut(rate0.request)['location'], 'request');

  const inProgress = run(req, { settings: dynamic, fetched: { status: 'inprogress' } });
  assert.equal(floorsOut(inProgress.request)['fetchstatus'], 'inprogress');
  assert.equal(floorsOut(inProgress.request)['location'], 'request');

  const noRequest = run(requestWith({ site, imp: [banner300x250] }), {
    settings: dynamic,
    fetched: { data: fetchedData, status: 'success' },
  });
  assert.equal(noRequest.request.imp[0]?.bidfloor, 25);
  assert.equal(floorsOut(noRequest.request)['location'], 'fetch');

  const broken = run(req, { settings: dynamic, fetched: { data: 'nonsense', status: 'success' } });
  assert.equal(floorsOut(broken.request)['fetchstatus'], 'error');
});

test('the core namespace reads and writes ext.core', () => {
  const req: BidRequest = {
    id: 'r',
    site,
    imp: [{ id: '1', banner: { format: [{ w: 300, h: 250 }] }, ext: { core: { floors: { floormin: 9 } } } }],
    ext: {
      core: {
        floors: { data: { modelgroups: [{ schema: { fields: ['mediaType'] }, values: { banner: 2 } }] } },
      },
    },
  };
  const out = enrichWithPriceFloors({
    request: req,
    ns: 'core',
    settings: floorsSettings(),
    convert,
    random: fixedRandom(0.5),
  });
  assert.equal(out.request.imp[0]?.bidfloor, 9);
  assert.deepEqual(out.request.imp[0]?.ext?.['core'], {
    floors: { floorrule: 'banner', floorrulevalue: 2, floorvalue: 9 },
  });
  assert.equal((out.request.ext?.['core'] as { floors: { location: string } }).floors.location, 'request');
  assert.equal(req.imp[0]?.bidfloor, undefined); // input untouched
});
