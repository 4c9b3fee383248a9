// GET /openapi.json on the admin port: an OpenAPI 3.1 document of every route of both ports,
// built from the routers (packages/common/src/http/openapi.ts) with the summaries below.
import { installOpenApi } from '@gavel/common';
import type { FastifyInstance } from 'fastify';

const SUMMARIES: Readonly<Record<string, string>> = {
  'POST /cache': 'Stores values ({"puts":[{type, value, ttlseconds?, key?}]}): their uuids',
  'GET /cache': 'The value stored under ?uuid=, with its type as Content-Type',
  'GET /status': 'Readiness: 200 (or 204) when ready, 503 naming what is pending',
  'GET /version': 'Version and revision',
  'GET /metrics': 'Prometheus metrics',
  'GET /openapi.json': 'This document',
  'OPTIONS *': 'CORS preflight of any path',
};

export interface CacheOpenApiOptions {
  publicApp: FastifyInstance;
  adminApp: FastifyInstance;
  config: { port: number; admin: { port: number } };
  version: string;
}

/** Call right after the instances are created, before the routes: their schemas are collected. */
export function registerCacheOpenApi(o: CacheOpenApiOptions): void {
  installOpenApi(o.adminApp, {
    title: 'Gavel cache service',
    version: o.version,
    description: 'Creative cache: public and admin ports (docs/deploy.md).',
    instances: [
      { name: 'public', app: o.publicApp, port: o.config.port },
      { name: 'admin', app: o.adminApp, port: o.config.admin.port },
    ],
    summaries: SUMMARIES,
  });
}
