import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { installOpenApi, openApiPath, parsePrintedRoutes } from './openapi.js';

test('parsePrintedRoutes reads nested URLs and every method; openApiPath templates params', () => {
  const tree = [
    '├── /a (GET, HEAD)',
    '│   └── /:id (POST)',
    '├── /b',
    '│   └── /c (GET)',
    '└── * (OPTIONS)',
  ].join('\n');
  assert.deepEqual(parsePrintedRoutes(tree), [
    { method: 'GET', url: '/a' },
    { method: 'HEAD', url: '/a' },
    { method: 'POST', url: '/a/:id' },
    { method: 'GET', url: '/b/c' },
    { method: 'OPTIONS', url: '*' },
  ]);
  assert.deepEqual(openApiPath('/a/:id/x'), { path: '/a/{id}/x', params: ['id'] });
  assert.deepEqual(openApiPath('*'), { path: '/{wildcard}', params: ['wildcard'] });
});

test('routes declared after installOpenApi bring their schemas; earlier ones are listed too', async () => {
  const publicApp = Fastify();
  const adminApp = Fastify();
  publicApp.get('/early', async () => 'x');
  installOpenApi(adminApp, {
    title: 't',
    version: '1',
    instances: [
      { name: 'public', app: publicApp, port: 1 },
      { name: 'admin', app: adminApp, port: 2 },
    ],
    summaries: { 'POST /things/:id': 'Stores a thing' },
  });
  const body = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
  const ok = { type: 'object', properties: { id: { type: 'string' } } };
  publicApp.post(
    '/things/:id',
    {
      schema: {
        body,
        querystring: { type: 'object', properties: { q: { type: 'string' } } },
        response: { 200: ok },
      },
    },
    async () => ({ id: '1' }),
  );
  const doc = (await adminApp.inject('/openapi.json')).json();
  const op = doc.paths['/things/{id}'].post;
  assert.equal(op.summary, 'Stores a thing');
  assert.deepEqual(op.requestBody.content['application/json'].schema, body);
  assert.deepEqual(op.responses['200'].content['application/json'].schema, ok);
  assert.deepEqual(
    op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`),
    ['path:id', 'query:q'],
  );
  assert.ok(doc.paths['/early'].get && doc.paths['/early'].head);
  assert.deepEqual(doc.paths['/openapi.json'].get.tags, ['admin']);
  assert.equal((await new Validator().validate(doc)).valid, true);
  await Promise.all([publicApp.close(), adminApp.close()]);
});
