// GET /cache?uuid=ID ("Cache service: GET /cache"): the stored text with its type's Content-Type;
// 400 without uuid, 404 unknown/expired, 500 for undecodable data or a failing backend.
// `answerGet` is the one answer logic, used by the Fastify route (HEAD, unusual queries, tests
// through inject, request logging on) and by the fast path of the public port (fast-get.ts).
import { toErrorAnswer, type FastAnswer } from '@gavel/common';
import type { FastifyInstance } from 'fastify';
import { CorruptedEntryError } from '../backends/errors.js';
import type { CacheEntry } from '../backends/types.js';
import type { CacheRouteContext } from './context.js';
import { maybeLogReferer, type RefererLogRequest } from './referer-log.js';

// Random ids are RFC 4122 UUIDs; without custom keys any other length cannot exist.
const UUID_LENGTH = 36;

// As Fastify sends them: it appends the charset to JSON types, so both paths spell it out.
const CONTENT_TYPE = { xml: 'application/xml', json: 'application/json; charset=utf-8' } as const;
const TEXT = 'text/plain; charset=utf-8';

/** What the answer needs of a request: a FastifyRequest or a fast-path request. */
export type GetRequest = RefererLogRequest;

const text = (status: number, body: string): FastAnswer => ({
  status,
  contentType: TEXT,
  body: `${body}\n`,
});

/** The answer to GET /cache given the first `uuid` of the query, decoded as Fastify's parser does. */
export async function answerGet(
  req: GetRequest,
  uuidParam: string | undefined,
  ctx: CacheRouteContext,
): Promise<FastAnswer> {
  maybeLogReferer(req, ctx);
  const uuid = uuidParam ?? '';
  if (uuid === '') return text(400, 'GET /cache: Missing required parameter uuid');
  if (!ctx.allowSettingKeys && uuid.length !== UUID_LENGTH) {
    return text(404, `GET /cache uuid=${uuid}: invalid uuid length`);
  }
  let entry: CacheEntry | undefined;
  try {
    entry = await ctx.backend.get(uuid);
  } catch (err) {
    if (err instanceof CorruptedEntryError) {
      req.log.error({ uuid }, 'stored cache data was corrupted');
      return text(500, `GET /cache uuid=${uuid}: Cache data was corrupted. Cannot determine type.`);
    }
    const { status, message } = toErrorAnswer(err);
    if (status >= 500) req.log.error({ err, uuid }, 'cache read failed');
    return text(status, `GET /cache uuid=${uuid}: ${message}`);
  }
  if (!entry) return text(404, `GET /cache uuid=${uuid}: Key not found`);
  return { status: 200, contentType: CONTENT_TYPE[entry.type], body: entry.value };
}

export function registerGetRoute(app: FastifyInstance, ctx: CacheRouteContext): void {
  app.get<{ Querystring: Record<string, string | string[] | undefined> }>('/cache', async (req, reply) => {
    const raw = req.query['uuid'];
    const answer = await answerGet(req, Array.isArray(raw) ? raw[0] : raw, ctx);
    return reply.code(answer.status).type(answer.contentType).send(answer.body);
  });
}
