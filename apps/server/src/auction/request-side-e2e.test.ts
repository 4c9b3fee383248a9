// Request-side features through a whole auction (POST /openrtb2/auction, the generic adapter over a
// scripted transport): DOOH inventory, the preferred media type of a single-format bidder, per-bidder
// tmax adjustments, ad-server targeting with an account prefix and key length.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OutgoingRequest } from '../bidders/types.js';
import type { BidRequest } from '../openrtb/types.js';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, jsonResponse, scriptedTransport, testConfig } from '../../test/harness.js';

type Obj = Record<string, unknown>;

function oneBid(req: OutgoingRequest) {
  const body = JSON.parse(req.body ?? '{}') as BidRequest;
  const impid = body.imp[0]?.id;
  return jsonResponse(200, {
    id: body.id,
    cur: 'USD',
    seatbid: [{ bid: [{ id: 'b1', impid, price: 1.01, w: 300, h: 250, crid: 'c', adm: '<div/>' }] }],
  });
}

function config(extra: Obj = {}) {
  return testConfig({
    'ext-namespace': 'prebid',
    bidders: {
      alpha: {
        endpoint: 'http://alpha.test/',
        capabilities: { site: ['banner', 'video'], dooh: ['banner'] },
        openrtb: { 'multiformat-supported': false },
      },
      beta: {
        endpoint: 'http://beta.test/',
        capabilities: { site: ['banner', 'video'] },
        openrtb: { version: '2.6' },
      },
    },
    ...extra,
  });
}

const imp = {
  id: 'i1',
  banner: { format: [{ w: 300, h: 250 }] },
  video: { mimes: ['video/mp4'], w: 640, h: 480 },
  ext: { prebid: { bidder: { alpha: {}, beta: {} } } },
};

async function auction(body: Obj, extraConfig: Obj = {}) {
  const sent: { uri: string; body: BidRequest }[] = [];
  const transport = scriptedTransport((req) => {
    sent.push({ uri: req.uri, body: JSON.parse(req.body ?? '{}') as BidRequest });
    return oneBid(req);
  });
  const app = await buildTestApp(config(extraConfig), { transport });
  const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: body });
  const to = (name: string) => sent.find((s) => s.uri.includes(name))?.body;
  return { res, to };
}

test('a single-format bidder gets its preferred type; a multi-format one both; none preferred → dropped', async () => {
  const site = { page: 'https://p.example/' };
  const preferred = await auction({
    id: 'r',
    site,
    imp: [imp],
    ext: { prebid: { biddercontrols: { alpha: { prefmtype: 'video' } } } },
  });
  assert.equal(preferred.res.statusCode, 200, preferred.res.body);
  assert.ok(preferred.to('alpha')?.imp[0]?.video && !preferred.to('alpha')?.imp[0]?.banner);
  assert.ok(preferred.to('beta')?.imp[0]?.video && preferred.to('beta')?.imp[0]?.banner);
  const warnings = (preferred.res.json<{ ext: { warnings: Obj } }>().ext.warnings['alpha'] ?? []) as Obj[];
  assert.equal(warnings[0]?.['code'], 10999);

  const none = await auction({ id: 'r', site, imp: [imp] });
  assert.equal(none.to('alpha'), undefined);
  const errors = none.res.json<{ ext: { errors: Record<string, Obj[]> } }>().ext.errors['alpha'] ?? [];
  assert.match(String(errors[0]?.['message']), /preferred media type is not defined/);
});

test('DOOH requests reach only DOOH-capable bidders; site and dooh together are a 400', async () => {
  const dooh = await auction({ id: 'r', dooh: { id: 'screen-7', publisher: { id: 'acc' } }, imp: [imp] });
  assert.equal(dooh.res.statusCode, 200, dooh.res.body);
  assert.deepEqual(dooh.to('alpha')?.dooh, { id: 'screen-7', publisher: { id: 'acc' } });
  assert.equal(dooh.to('alpha')?.site, undefined, 'no implicit site for DOOH');
  assert.equal(dooh.to('beta'), undefined);
  const both = await auction({
    id: 'r',
    site: { page: 'https://p.example/' },
    dooh: { id: 's' },
    imp: [imp],
  });
  assert.equal(both.res.statusCode, 400);
  assert.match(both.res.body, /No more than one of request.site or request.app or request.dooh/);
});

test('tmax adjustments tell bidders the time they have; without tmax none is written when so configured', async () => {
  const adjust = {
    auction: {
      'tmax-adjustments': {
        enabled: true,
        'bidder-response-duration-min-ms': 10,
        'bidder-network-latency-buffer-ms': 40,
        'pbs-response-preparation-duration-ms': 60,
      },
    },
  };
  const body = {
    id: 'r',
    site: { page: 'https://p.example/' },
    imp: [{ ...imp, video: undefined }],
    tmax: 500,
  };
  const adjusted = await auction(body, adjust);
  const tmax = adjusted.to('beta')?.tmax ?? 0;
  assert.ok(tmax > 0 && tmax <= 500 - 20 - 100, `bidder tmax ${tmax}`);

  const plain = await auction(
    { ...body, tmax: undefined },
    { auction: { 'tmax-default-to-bidders': false } },
  );
  assert.equal(plain.to('beta')?.tmax, undefined);
  const filled = await auction({ ...body, tmax: undefined });
  assert.equal(filled.to('beta')?.tmax, 1000);
});

test('ad-server targeting keys join the bid targeting; the request prefix and account length apply', async () => {
  const body = {
    id: 'r',
    site: { page: 'https://p.example/' },
    imp: [{ ...imp, video: undefined, ext: { prebid: { bidder: { beta: {} } } } }],
    ext: {
      prebid: {
        targeting: { includewinners: true, includebidderkeys: false, prefix: 'pub' },
        adservertargeting: [
          { key: 'adt_{{BIDDER}}_price', source: 'bidresponse', value: 'seatbid.bid.price' },
          { key: 'adt_static', source: 'static', value: 'x' },
          { key: 'adt_missing', source: 'bidrequest', value: 'site.nothing' },
        ],
      },
    },
  };
  const { res } = await auction(body);
  assert.equal(res.statusCode, 200, res.body);
  const out = res.json<{ seatbid: { bid: { ext: { prebid: { targeting: Obj } } }[] }[]; ext: Obj }>();
  const targeting = out.seatbid[0]?.bid[0]?.ext.prebid.targeting ?? {};
  assert.equal(targeting['pub_pb'], '1.00');
  assert.equal(targeting['adt_beta_price'], '1.01');
  assert.equal(targeting['adt_static'], 'x');
  const general = ((out.ext['warnings'] as Obj)['general'] ?? []) as Obj[];
  assert.deepEqual(
    general.filter((w) => w['code'] === 10007).map((w) => w['message']),
    ['value not found for path: site.nothing'],
  );
});

test('2.5 placements are up-converted once (debug shows 2.6); each bidder gets its own version', async () => {
  const body = {
    id: 'r',
    test: 1,
    site: { page: 'https://p.example/' },
    imp: [{ ...imp, video: undefined }],
    regs: { ext: { gdpr: 0, us_privacy: '1NNN' } },
    user: { ext: { consent: 'c', eids: [{ source: 's.example', uids: [{ id: 'u1' }] }] } },
    source: { ext: { schain: { complete: 1, ver: '1.0', nodes: [{ asi: 'a.example', sid: '1', hp: 1 }] } } },
  };
  const { res, to } = await auction(body);
  assert.equal(res.statusCode, 200, res.body);
  const resolved = res.json<{ ext: { debug: { resolvedrequest: BidRequest } } }>().ext.debug.resolvedrequest;
  assert.deepEqual(resolved.regs, { gdpr: 0, us_privacy: '1NNN' });
  assert.equal(resolved.user?.['consent'], 'c');
  assert.ok(resolved.source?.['schain']);
  const v25 = to('alpha');
  assert.deepEqual(v25?.regs, { ext: { gdpr: 0, us_privacy: '1NNN' } });
  assert.equal(v25?.user?.ext?.['consent'], 'c');
  const v26 = to('beta');
  assert.deepEqual(v26?.regs, { gdpr: 0, us_privacy: '1NNN' });
  assert.equal(v26?.user?.['consent'], 'c');
  assert.ok(v26?.source?.['schain']);
});

test('an account turns CCPA enforcement off for its web traffic; another keeps the host default', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'gavel-account-privacy-'));
  await mkdir(join(dir, 'accounts'));
  await writeFile(
    join(dir, 'accounts', 'lenient.json'),
    JSON.stringify({ ccpa: { channel_enabled: { web: false } } }),
  );
  await writeFile(
    join(dir, 'accounts', 'bits.json'),
    JSON.stringify({ privacy: { ipv4: { anon_keep_bits: 16 } } }),
  );
  const body = (account: string) => ({
    id: 'r',
    site: { page: 'https://p.example/', publisher: { id: account } },
    device: { ip: '203.0.113.77' },
    imp: [{ ...imp, video: undefined }],
    regs: { us_privacy: '1YYN' },
  });
  const files = { settings: { files: { dir } } };
  const lenient = await auction(body('lenient'), files);
  assert.equal(lenient.to('beta')?.device?.['ip'], '203.0.113.77');
  const bits = await auction(body('bits'), files);
  assert.equal(bits.to('beta')?.device?.['ip'], '203.0.0.0');
  const host = await auction(body('other'), files);
  assert.equal(host.to('beta')?.device?.['ip'], '203.0.113.0');
});
