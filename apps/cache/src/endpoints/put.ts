// POST /cache ("Cache service: POST /cache"): validate every put, then one atomic batch write;
// 200 {responses:[{uuid}]} in put order, "" for a key that already existed.
import { isGavelError, toErrorAnswer } from '@gavel/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PutItem } from '../backends/types.js';
import type { CacheRouteContext } from './context.js';
import { parsePutRequest } from './put-request.js';
import { maybeLogReferer } from './referer-log.js';

type ParsedBody = { ok: true; value: unknown } | { ok: false; problem: string };

function parseBody(raw: unknown): ParsedBody {
  if (typeof raw !== 'string') return { ok: true, value: raw };
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch (err) {
    return { ok: false, problem: (err as Error).message };
  }
}

function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(`${text}\n`);
}

export function registerPutRoute(app: FastifyInstance, ctx: CacheRouteContext): void {
  // Prebid.js posts its cache request as text/plain (no CORS preflight), others as JSON, some with
  // no Content-Type at all: read every body as text here and parse it once, in one place.
  const asText = (
    _req: FastifyRequest,
    body: string | Buffer,
    done: (err: null, body: unknown) => void,
  ): void => done(null, body);
  app.removeAllContentTypeParsers();
  // The two usual types by name as well: Fastify caches the parser it finds for a Content-Type,
  // but not the catch-all one, which costs a Content-Type parse and lookups on every request.
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, asText);
  app.addContentTypeParser('*', { parseAs: 'string' }, asText);

  app.post('/cache', async (req: FastifyRequest, reply: FastifyReply) => {
    maybeLogReferer(req, ctx);
    const body = parseBody(req.body);
    if (!body.ok) return sendText(reply, 400, `request body is not valid JSON: ${body.problem}`);
    try {
      const puts = parsePutRequest(body.value, {
        maxNumValues: ctx.maxNumValues,
        allowSettingKeys: ctx.allowSettingKeys,
      });
      const items: PutItem[] = puts.map((p) => ({
        key: p.key ?? ctx.ids.uuid(),
        entry: p.entry,
        ttlSeconds: p.ttlSeconds,
      }));
      const outcomes = await ctx.backend.putBatch(items);
      const responses = items.map((item, i) => ({ uuid: outcomes[i] === 'stored' ? item.key : '' }));
      return reply.code(200).type('application/json').send(JSON.stringify({ responses }));
    } catch (err) {
      if (!isGavelError(err) || err.status >= 500) throw err;
      const { status, message } = toErrorAnswer(err);
      const named = ctx.errorMessages === 'descriptive' && err.field ? `${err.field}: ${message}` : message;
      return sendText(reply, status, named);
    }
  });
}
