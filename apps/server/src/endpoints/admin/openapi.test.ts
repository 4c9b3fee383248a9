import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildTestApp, testConfig } from '../../../test/harness.js';

// The README's table of endpoints, port by port (GET routes also answer HEAD).
const PUBLIC = [
  'POST /openrtb2/auction',
  'GET /openrtb2/amp',
  'POST /openrtb2/video',
  'POST /cookie_sync',
  'GET /setuid',
  'GET /getuids',
  'GET /optout',
  'POST /optout',
  'GET /static/optout.html',
  'GET /event',
  'POST /vtrack',
  'GET /info/bidders',
  'GET /info/bidders/{name}',
  'GET /bidders/params',
  'GET /status',
  'GET /version',
];
const ADMIN = [
  'GET /metrics',
  'GET /currency/rates',
  'POST /stored/invalidate',
  'GET /status',
  'GET /version',
  'GET /openapi.json',
];

type Doc = { paths: Record<string, Record<string, { tags: string[]; summary: string }>> };

function operations(doc: Doc, tag: string): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item))
      if (op.tags.includes(tag)) out.push(`${method.toUpperCase()} ${path}`);
  }
  return out;
}

/** Methods the router prints for an instance (one per registered method of a URL). */
const printedMethodCount = (tree: string) =>
  [...tree.matchAll(/\(([A-Z, ]+)\)\s*$/gm)].reduce((n, m) => n + (m[1] ?? '').split(', ').length, 0);

test('GET /openapi.json (admin) lists every route of both ports and validates as OpenAPI 3', async () => {
  const app = await buildTestApp(testConfig());
  const res = await app.adminApp.inject('/openapi.json');
  assert.equal(res.statusCode, 200);
  const doc = res.json<Doc>();
  const publicOps = operations(doc, 'public');
  const adminOps = operations(doc, 'admin');
  for (const op of PUBLIC) assert.ok(publicOps.includes(op), `public ${op}`);
  for (const op of ADMIN) assert.ok(adminOps.includes(op), `admin ${op}`);
  for (const op of [...PUBLIC, ...ADMIN].filter((o) => o.startsWith('GET '))) {
    assert.ok(
      publicOps.includes(op.replace('GET', 'HEAD')) || adminOps.includes(op.replace('GET', 'HEAD')),
      op,
    );
  }
  // Exactly the routes the routers hold: same count, and each one is routable on its instance.
  assert.equal(publicOps.length, printedMethodCount(app.publicApp.printRoutes({ commonPrefix: false })));
  assert.equal(adminOps.length, printedMethodCount(app.adminApp.printRoutes({ commonPrefix: false })));
  for (const [tag, instance, ops] of [
    ['public', app.publicApp, publicOps],
    ['admin', app.adminApp, adminOps],
  ] as const) {
    for (const op of ops) {
      const [method, path] = op.split(' ') as [string, string];
      const url = path.replace('/{wildcard}', '/*').replace(/\{(\w+)\}/g, ':$1');
      assert.ok(instance.hasRoute({ method: method, url }), `${tag} ${op} is routed`);
    }
  }
  assert.equal(
    doc.paths['/openrtb2/auction']?.['post']?.summary,
    'OpenRTB 2.x auction: bids and ad-server targeting',
  );
  const result = await new Validator().validate(doc);
  assert.deepEqual(result.errors, undefined);
  assert.equal(result.valid, true);
  assert.equal((await app.publicApp.inject('/openapi.json')).statusCode, 404, 'admin port only');
  await app.closeResources();
});
