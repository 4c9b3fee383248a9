// POST /cache ("Cache service: POST /cache"): validate every put, then one atomic batch write;
// 200 {responses:[{uuid}]} in put order, "" for a key that already existed.
// Every POST takes this Fastify route (body limit, content-type parsers and body-read errors stay
// in Fastify, in one place); the handler itself keeps its per-request work small: no result
// objects, closures or intermediate arrays beyond the items, and the answer written by hand.
import { isGavelError, toErrorAnswer, type IdSource } from '@gavel/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PutItem, PutOutcome } from '../backends/types.js';
import type { CacheRouteContext } from './context.js';
import { parsePutRequest, type ParsedPut, type PutRules } from './put-request.js';
import { maybeLogReferer } from './referer-log.js';

// What Fastify sends for `application/json` (it appends the charset per request when absent).
const JSON_TYPE = 'application/json; charset=utf-8';

function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(`${text}\n`);
}

/** Validated puts with their keys: the caller's, else a fresh id (only once all puts are valid). */
function toItems(puts: readonly ParsedPut[], ids: IdSource): PutItem[] {
  const items: PutItem[] = [];
  for (let i = 0; i < puts.length; i++) {
    const p = puts[i] as ParsedPut;
    items.push({ key: p.key ?? ids.uuid(), entry: p.entry, ttlSeconds: p.ttlSeconds });
  }
  return items;
}

/**
 * `JSON.stringify({ responses: [{ uuid }] })` written by hand, byte for byte the same: the
 * fixed parts are literals and only each key goes through JSON.stringify (callers' keys may need
 * escaping). Saves the response objects and the generic serialiser's walk on every POST.
 */
export function responsesJson(items: readonly PutItem[], outcomes: readonly PutOutcome[]): string {
  let json = '{"responses":[';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) json += ',';
    json +=
      outcomes[i] === 'stored' ? `{"uuid":${JSON.stringify((items[i] as PutItem).key)}}` : '{"uuid":""}';
  }
  return `${json}]}`;
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
  const rules: PutRules = { maxNumValues: ctx.maxNumValues, allowSettingKeys: ctx.allowSettingKeys };

  app.post('/cache', async (req: FastifyRequest, reply: FastifyReply) => {
    maybeLogReferer(req, ctx);
    let body = req.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body) as unknown;
      } catch (err) {
        return sendText(reply, 400, `request body is not valid JSON: ${(err as Error).message}`);
      }
    }
    try {
      const items = toItems(parsePutRequest(body, rules), ctx.ids);
      const outcomes = await ctx.backend.putBatch(items);
      return reply.code(200).type(JSON_TYPE).send(responsesJson(items, outcomes));
    } catch (err) {
      if (!isGavelError(err) || err.status >= 500) throw err;
      const { status, message } = toErrorAnswer(err);
      const named = ctx.errorMessages === 'descriptive' && err.field ? `${err.field}: ${message}` : message;
      return sendText(reply, status, named);
    }
  });
}
