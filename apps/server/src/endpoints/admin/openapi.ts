// GET /openapi.json on the admin port: an OpenAPI 3.1 document of every route of both ports,
// built from the routers (packages/common/src/http/openapi.ts) with the summaries below.
import { installOpenApi } from '@gavel/common';
import type { FastifyInstance } from 'fastify';

const SUMMARIES: Readonly<Record<string, string>> = {
  'POST /openrtb2/auction': 'OpenRTB 2.x auction: bids and ad-server targeting',
  'GET /openrtb2/amp': 'AMP auction from a stored request (tag_id): targeting for the AMP page',
  'POST /openrtb2/video': 'Video ad pods: one auction per pod, targeting per slot',
  'POST /cookie_sync': 'User-sync URLs of the bidders without a uid for this user',
  'GET /setuid': "Stores a bidder's uid in the uids cookie",
  'GET /getuids': 'The uids cookie as JSON',
  'GET /optout': 'Opt-out form post target (reCAPTCHA-verified)',
  'POST /optout': 'Opt out of (or back into) user sync (reCAPTCHA-verified)',
  'GET /static/optout.html': 'The opt-out page',
  'GET /event': 'Win/impression notification',
  'POST /vtrack': 'Caches VAST with impression trackers inserted',
  'GET /info/bidders': 'Bidder names (enabledonly, baseadaptersonly filters)',
  'GET /info/bidders/:name': 'One bidder: status, capabilities, maintainer',
  'GET /bidders/params': 'JSON Schemas of every bidder params object',
  'GET /status': 'Readiness: 200 (or 204) when ready, 503 naming what is pending',
  'GET /version': 'Version and revision',
  'GET /metrics': 'Prometheus metrics',
  'GET /currency/rates': 'Server currency rates and their state',
  'POST /stored/invalidate': 'Drops cached stored data of one kind (some ids or all)',
  'GET /openapi.json': 'This document',
  'OPTIONS *': 'CORS preflight of any path',
};

export interface ServerOpenApiOptions {
  publicApp: FastifyInstance;
  adminApp: FastifyInstance;
  config: { port: number; admin: { port: number } };
  version: string;
}

/** Call right after the instances are created, before the routes: their schemas are collected. */
export function registerServerOpenApi(o: ServerOpenApiOptions): void {
  installOpenApi(o.adminApp, {
    title: 'Gavel auction server',
    version: o.version,
    description: 'Header-bidding auction server: public and admin ports (docs/deploy.md).',
    instances: [
      { name: 'public', app: o.publicApp, port: o.config.port },
      { name: 'admin', app: o.adminApp, port: o.config.admin.port },
    ],
    summaries: SUMMARIES,
  });
}
