// GET /info/bidders, /info/bidders/{name}, /bidders/params (notes §1): what this host knows about
// its bidders, including hard aliases and host-declared bidders. The detail has upstream's fields
// only (status, usesHttps, maintainer, capabilities per app/site/dooh, aliasOf): protocol facts
// such as the OpenRTB version, GPP support or compression are not shown, as upstream.
import type { FastifyInstance } from 'fastify';
import type { BidderRegistry, RegisteredBidder } from '../bidders/registry.js';

function parseFlag(query: Record<string, unknown>, name: string): boolean | 'invalid' {
  const v = query[name];
  if (v === undefined) return false;
  if (typeof v === 'string' && v.toLowerCase() === 'true') return true;
  if (typeof v === 'string' && v.toLowerCase() === 'false') return false;
  return 'invalid';
}

export function bidderDetail(b: RegisteredBidder): Record<string, unknown> {
  const active = b.info.enabled;
  const out: Record<string, unknown> = { status: active ? 'ACTIVE' : 'DISABLED' };
  if (active) out['usesHttps'] = b.info.endpoint.toLowerCase().startsWith('https://');
  if (b.info.maintainer) out['maintainer'] = { email: b.info.maintainer.email };
  if (active) {
    const caps: Record<string, unknown> = {};
    for (const platform of ['app', 'site', 'dooh'] as const) {
      const types = b.info.capabilities[platform];
      if (types?.length) caps[platform] = { mediaTypes: types };
    }
    out['capabilities'] = caps;
  }
  if (b.info.aliasOf) out['aliasOf'] = b.info.aliasOf;
  return out;
}

export function registerInfoRoutes(app: FastifyInstance, registry: BidderRegistry): void {
  app.get('/info/bidders', async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const enabledOnly = parseFlag(query, 'enabledonly');
    const baseOnly = parseFlag(query, 'baseadaptersonly');
    for (const [name, v] of [
      ['enabledonly', enabledOnly],
      ['baseadaptersonly', baseOnly],
    ] as const) {
      if (v === 'invalid') {
        return reply
          .code(400)
          .type('text/plain; charset=utf-8')
          .send(`Invalid value for '${name}' query param, must be of boolean type`);
      }
    }
    const names = registry
      .all()
      .filter((b) => (enabledOnly === true ? b.info.enabled : true))
      .filter((b) => (baseOnly === true ? b.info.aliasOf === undefined : true))
      .map((b) => b.code);
    return reply.type('application/json').send(JSON.stringify(names));
  });

  app.get('/info/bidders/:name', async (req, reply) => {
    const { name } = req.params as { name: string };
    if (name.toLowerCase() === 'all') {
      const all: Record<string, unknown> = {};
      for (const b of registry.all()) all[b.code] = bidderDetail(b);
      return reply.type('application/json').send(JSON.stringify(all));
    }
    const b = registry.lookup(name);
    if (!b) return reply.code(404).send();
    return reply.type('application/json').send(JSON.stringify(bidderDetail(b)));
  });

  app.get('/bidders/params', async (_req, reply) => {
    const out: Record<string, unknown> = {};
    for (const b of registry.all()) out[b.code] = b.paramsSchema;
    return reply.type('application/json').send(JSON.stringify(out));
  });
}
