import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildTestApp } from './test-app.testkit.js';

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

for (const publicWrite of [true, false]) {
  test(`GET /openapi.json (admin) lists every route of both ports, valid OpenAPI 3 (public write ${publicWrite})`, async () => {
    const app = await buildTestApp({ routes: { 'allow-public-write': publicWrite } });
    const res = await app.adminApp.inject('/openapi.json');
    assert.equal(res.statusCode, 200);
    const doc = res.json<Doc>();
    const publicOps = operations(doc, 'public');
    const adminOps = operations(doc, 'admin');
    const expectedPublic = [
      'GET /cache',
      'HEAD /cache',
      'GET /status',
      'GET /version',
      'OPTIONS /{wildcard}',
    ];
    if (publicWrite) expectedPublic.push('POST /cache');
    for (const op of expectedPublic) assert.ok(publicOps.includes(op), `public ${op}`);
    assert.equal(publicOps.includes('POST /cache'), publicWrite);
    for (const op of ['POST /cache', 'GET /metrics', 'GET /status', 'GET /version', 'GET /openapi.json']) {
      assert.ok(adminOps.includes(op), `admin ${op}`);
    }
    assert.equal(publicOps.length, printedMethodCount(app.publicApp.printRoutes({ commonPrefix: false })));
    assert.equal(adminOps.length, printedMethodCount(app.adminApp.printRoutes({ commonPrefix: false })));
    for (const [instance, ops] of [
      [app.publicApp, publicOps],
      [app.adminApp, adminOps],
    ] as const) {
      for (const op of ops) {
        const [method, path] = op.split(' ') as [string, string];
        assert.ok(instance.hasRoute({ method: method, url: path.replace('/{wildcard}', '/*') }), op);
      }
    }
    const result = await new Validator().validate(doc);
    assert.deepEqual(result.errors, undefined);
    assert.equal(result.valid, true);
    await app.close();
  });
}
