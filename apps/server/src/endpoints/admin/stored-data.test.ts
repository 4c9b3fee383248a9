// Stored data through the whole app: the same documents served from files and from PostgreSQL give
// byte-identical auction responses; admin invalidation; stored responses, accounts and errors.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildTestApp, bidFor, scriptedTransport, testConfig } from '../../../test/harness.js';
import { migrate, quoteIdent } from '../../stored/postgres/migrate.js';
import { PG_URL, pgSkipReason, uniqueSchema } from '../../stored/postgres/pg-test-helpers.js';

const DOCS = {
  stored_requests: {
    sr: JSON.stringify({
      id: '{{UUID}}',
      tmax: 400,
      site: { page: 'https://stored.example/page', publisher: { id: 'pub' } },
      ext: { core: { targeting: { pricegranularity: 'medium' } } },
    }),
  },
  stored_imps: {
    si: JSON.stringify({
      id: 'imp-1',
      banner: { format: [{ w: 300, h: 250 }] },
      ext: { core: { bidder: { alpha: { zone: 7 } } } },
    }),
    sar: JSON.stringify({
      id: 'imp-s',
      banner: { format: [{ w: 300, h: 250 }] },
      ext: { core: { bidder: { alpha: { zone: 7 } }, storedauctionresponse: { id: 'resp' } } },
    }),
  },
  stored_responses: {
    resp: JSON.stringify([{ seat: 'alpha', bid: [{ id: 'stored-bid', impid: 'x', price: 2.5, mtype: 1 }] }]),
    alphaNative: JSON.stringify({
      id: 'r',
      cur: 'USD',
      seatbid: [{ bid: [{ id: 'from-stored-body', impid: 'other', price: 0.75, mtype: 1 }] }],
    }),
  },
  accounts: {
    pub: JSON.stringify({ debug_allow: true, events: { enabled: true } }),
    off: JSON.stringify({ disabled: true }),
    malformed: JSON.stringify({ disabled: 'invalid type' }),
  },
} as const;

const bidders = { alpha: { endpoint: 'http://alpha.test/bid', capabilities: { site: ['banner'] } } };
const incoming = {
  imp: [{ ext: { core: { storedrequest: { id: 'si' } } } }],
  ext: { core: { storedrequest: { id: 'sr' } } },
};

const skip = await pgSkipReason();
const schema = uniqueSchema('e2e');
let dir = '';
let admin: pg.Client | undefined;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gavel-stored-e2e-'));
  for (const [sub, docs] of Object.entries(DOCS)) {
    await mkdir(join(dir, sub));
    for (const [id, text] of Object.entries(docs)) await writeFile(join(dir, sub, `${id}.json`), text);
  }
  if (skip) return;
  admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await migrate(admin, schema);
  for (const [table, docs] of Object.entries(DOCS))
    for (const [id, text] of Object.entries(docs))
      await admin.query(`INSERT INTO ${quoteIdent(schema)}.${table} (id, data) VALUES ($1, $2)`, [id, text]);
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
  if (admin) {
    await admin.query(`DROP SCHEMA ${quoteIdent(schema)} CASCADE`);
    await admin.end();
  }
});

const filesConfig = () => testConfig({ bidders, settings: { files: { dir } } });
const pgConfig = () =>
  testConfig({
    bidders,
    settings: {
      'timeout-ms': 2000,
      files: { enabled: false },
      postgres: { enabled: true, 'connection-string': PG_URL, schema },
    },
  });

async function auction(config: ReturnType<typeof testConfig>, body: unknown = incoming) {
  const transport = scriptedTransport((req) => bidFor(req, 1.25));
  const app = await buildTestApp(config, { transport });
  try {
    const res = await app.publicApp.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      payload: body as object,
    });
    return { res, sent: transport.sent };
  } finally {
    await app.closeResources();
  }
}

test('files: the stored request and imp are merged into what the bidder receives', async () => {
  const { res, sent } = await auction(filesConfig());
  assert.equal(res.statusCode, 200, res.body);
  const out = JSON.parse(sent[0]?.body ?? '{}');
  assert.equal(out.site.page, 'https://stored.example/page');
  assert.deepEqual(out.imp[0].ext.bidder, { zone: 7 });
  assert.equal(res.json().seatbid[0].bid[0].price, 1.25);
});

test(
  'the same stored data from files and from PostgreSQL gives byte-identical responses',
  { skip },
  async () => {
    const fromFiles = await auction(filesConfig());
    const fromPg = await auction(pgConfig());
    assert.equal(fromPg.res.statusCode, 200, fromPg.res.body);
    assert.equal(fromPg.res.body, fromFiles.res.body);
    assert.equal(fromPg.sent[0]?.body, fromFiles.sent[0]?.body);
  },
);

test(
  'admin POST /stored/invalidate drops cached copies so changed rows are read again',
  { skip },
  async () => {
    const transport = scriptedTransport((req) => bidFor(req, 1));
    const app = await buildTestApp(pgConfig(), { transport });
    const s = quoteIdent(schema);
    try {
      const run = async () => {
        const res = await app.publicApp.inject({
          method: 'POST',
          url: '/openrtb2/auction',
          payload: incoming,
        });
        assert.equal(res.statusCode, 200, res.body);
        return JSON.parse(transport.sent.at(-1)?.body ?? '{}').site.page as string;
      };
      assert.equal(await run(), 'https://stored.example/page');
      const changed = JSON.parse(DOCS.stored_requests.sr);
      changed.site.page = 'https://changed.example/';
      await admin!.query(`UPDATE ${s}.stored_requests SET data = $1 WHERE id = 'sr'`, [
        JSON.stringify(changed),
      ]);
      assert.equal(await run(), 'https://stored.example/page', 'served from the cache');
      const inv = await app.adminApp.inject({
        method: 'POST',
        url: '/stored/invalidate',
        payload: { kind: 'request', ids: ['sr'] },
      });
      assert.equal(inv.statusCode, 200);
      assert.deepEqual(inv.json(), { kind: 'request', invalidated: ['sr'] });
      assert.equal(await run(), 'https://changed.example/');
    } finally {
      await admin!.query(`UPDATE ${s}.stored_requests SET data = $1 WHERE id = 'sr'`, [
        DOCS.stored_requests.sr,
      ]);
      await app.closeResources();
    }
  },
);

test('admin invalidation: bad bodies are 400 naming the field; not routed on the public port', async () => {
  const app = await buildTestApp(filesConfig());
  try {
    const bad = await app.adminApp.inject({
      method: 'POST',
      url: '/stored/invalidate',
      payload: { kind: 'nope' },
    });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /kind must be one of request, imp, amp-request, response, account, category/);
    const ids = await app.adminApp.inject({
      method: 'POST',
      url: '/stored/invalidate',
      payload: { kind: 'imp', ids: [1] },
    });
    assert.equal(ids.statusCode, 400);
    const all = await app.adminApp.inject({
      method: 'POST',
      url: '/stored/invalidate',
      payload: { kind: 'imp' },
    });
    assert.deepEqual(all.json(), { kind: 'imp', invalidated: 'all' });
    const pub = await app.publicApp.inject({
      method: 'POST',
      url: '/stored/invalidate',
      payload: { kind: 'imp' },
    });
    assert.equal(pub.statusCode, 404);
  } finally {
    await app.closeResources();
  }
});

test('unknown stored ids → 400 naming them', async () => {
  const { res } = await auction(filesConfig(), {
    imp: [{ ext: { core: { storedrequest: { id: 'nope' } } } }],
    ext: { core: { storedrequest: { id: 'gone' } } },
  });
  assert.equal(res.statusCode, 400);
  assert.equal(
    res.body,
    'Invalid request: Stored Request with ID="gone" not found.\nInvalid request: Stored Imp with ID="nope" not found.\n',
  );
});

test('a stored auction response answers without calling any bidder (contract rule 1)', async () => {
  const { res, sent } = await auction(filesConfig(), {
    imp: [{ ext: { core: { storedrequest: { id: 'sar' } } } }],
    ext: { core: { storedrequest: { id: 'sr' } } },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(sent.length, 0);
  const bid = res.json().seatbid[0].bid[0];
  assert.equal(bid.id, 'stored-bid');
  assert.equal(bid.impid, 'imp-s');
  assert.equal(bid.price, 2.5);
});

test('a stored bid response is fed to the real adapter; that imp is not sent to the bidder (rule 2)', async () => {
  const { res, sent } = await auction(filesConfig(), {
    imp: [
      {
        ext: {
          core: { storedrequest: { id: 'si' }, storedbidresponse: [{ bidder: 'ALPHA', id: 'alphaNative' }] },
        },
      },
    ],
    ext: { core: { storedrequest: { id: 'sr' } } },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(sent.length, 0, 'the only imp had a stored bid response: no HTTP call');
  const bid = res.json().seatbid[0].bid[0];
  assert.equal(bid.id, 'from-stored-body');
  assert.equal(bid.impid, 'imp-1', 'replaceimpid defaults to true');
  assert.equal(bid.price, 0.75);
});

test('a disabled stored account → 503', async () => {
  const { res } = await auction(filesConfig(), {
    ...incoming,
    site: { page: 'x', publisher: { id: 'off' } },
  });
  assert.equal(res.statusCode, 503);
  assert.match(res.body, /Prebid-server has disabled Account ID: off/);
});

test('a malformed stored account → 500 naming the account', async () => {
  const { res } = await auction(filesConfig(), {
    ...incoming,
    site: { page: 'x', publisher: { id: 'malformed' } },
  });
  assert.equal(res.statusCode, 500);
  assert.match(res.body, /The prebid-server account config for account id "malformed" is malformed/);
});

test('lookups below the cache are counted on the admin /metrics', async () => {
  const transport = scriptedTransport((req) => bidFor(req, 1));
  const app = await buildTestApp(filesConfig(), { transport });
  try {
    for (let i = 0; i < 2; i++)
      await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: incoming });
    const metrics = await app.adminApp.inject({ method: 'GET', url: '/metrics' });
    assert.match(metrics.body, /gavel_stored_ids_total\{kind="imp",outcome="found"\} 1\n/);
    assert.match(metrics.body, /gavel_stored_ids_total\{kind="request",outcome="found"\} 1\n/);
  } finally {
    await app.closeResources();
  }
});
