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
 * `JSON.stringify({ responses: [{ uuid }] })` written by hand, byte for byte the same: the fixed
 * parts are literals; a key goes through JSON.stringify only when callers may set keys (theirs
 * may need escaping; our random UUIDs never do). Saves the response objects and the generic
 * serialiser's walk on every POST.
 */
export function responsesJson(
  items: readonly PutItem[],
  outcomes: readonly PutOutcome[],
  callerKeys: boolean,
): string {
  let json = '{"responses":[';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) json += ',';
    if (outcomes[i] !== 'stored') json += '{"uuid":""}';
    else {
      const key = (items[i] as PutItem).key;
      json += callerKeys ? `{"uuid":${JSON.stringify(key)}}` : `{"uuid":"${key}"}`;
    }
  }
  return `${json}]}`;
}

/** A failure as Fastify would answer a rejection of an async handler: its error handler. */
const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

// Prebid.js posts its cache request as text/plain (no CORS preflight), others as JSON, some with
// no Content-Type at all: read every body as text here and parse it once, in one place.
function readBodiesAsText(app: FastifyInstance): void {
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
}

/** A 4xx catalogue error as text (with its field when messages are descriptive), else Fastify's. */
function sendError(ctx: CacheRouteContext, reply: FastifyReply, err: unknown): void {
  if (!isGavelError(err) || err.status >= 500) {
    void reply.send(asError(err));
    return;
  }
  const { status, message } = toErrorAnswer(err);
  const named = ctx.errorMessages === 'descriptive' && err.field ? `${err.field}: ${message}` : message;
  void sendText(reply, status, named);
}

export function registerPutRoute(app: FastifyInstance, ctx: CacheRouteContext): void {
  readBodiesAsText(app);
  const rules: PutRules = { maxNumValues: ctx.maxNumValues, allowSettingKeys: ctx.allowSettingKeys };

  // Not an async function: the validation runs synchronously and the answer is sent from the
  // store's result (memory: `putBatchNow`, same tick) or its promise (Redis), which spares
  // Fastify's wrapping of a returned promise (its own promise, two closures and a thenable job
  // per POST). Failures end where a rejection would: a 4xx text, or Fastify's error handler
  // (reply.send of the Error) for anything else.
  app.post('/cache', (req: FastifyRequest, reply: FastifyReply): void => {
    maybeLogReferer(req, ctx);
    let body = req.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body) as unknown;
      } catch (err) {
        void sendText(reply, 400, `request body is not valid JSON: ${(err as Error).message}`);
        return;
      }
    }
    let items: PutItem[];
    try {
      items = toItems(parsePutRequest(body, rules), ctx.ids);
    } catch (err) {
      sendError(ctx, reply, err);
      return;
    }
    const now = ctx.backend.putBatchNow;
    if (now) {
      // A store that finishes in this tick (memory): answered here, no promise at all. A throw
      // of reply.send itself reaches Fastify's handler catch, as a rejection would.
      let outcomes: PutOutcome[];
      try {
        outcomes = now(items);
      } catch (err) {
        sendError(ctx, reply, err);
        return;
      }
      void reply
        .code(200)
        .type(JSON_TYPE)
        .send(responsesJson(items, outcomes, rules.allowSettingKeys));
      return;
    }
    ctx.backend.putBatch(items).then(
      (outcomes) => {
        try {
          void reply
            .code(200)
            .type(JSON_TYPE)
            .send(responsesJson(items, outcomes, rules.allowSettingKeys));
        } catch (err) {
          void reply.send(asError(err));
        }
      },
      (err: unknown) => {
        try {
          sendError(ctx, reply, err);
        } catch (failed) {
          void reply.send(asError(failed));
        }
      },
    );
  });
}
