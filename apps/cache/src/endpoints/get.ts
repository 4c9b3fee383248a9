// GET /cache?uuid=ID ("Cache service: GET /cache"): the stored text with its type's Content-Type;
// 400 without uuid, 404 unknown/expired, 500 for undecodable data or a failing backend.
import { toErrorAnswer } from '@gavel/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CorruptedEntryError } from '../backends/errors.js';
import type { CacheEntry } from '../backends/types.js';
import type { CacheRouteContext } from './context.js';
import { maybeLogReferer } from './referer-log.js';

// Random ids are RFC 4122 UUIDs; without custom keys any other length cannot exist.
const UUID_LENGTH = 36;

const CONTENT_TYPE = { xml: 'application/xml', json: 'application/json' } as const;

function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(`${text}\n`);
}

export function registerGetRoute(app: FastifyInstance, ctx: CacheRouteContext): void {
  app.get<{ Querystring: Record<string, string | string[] | undefined> }>('/cache', async (req, reply) => {
    maybeLogReferer(req, ctx);
    const raw = req.query['uuid'];
    const uuid = (Array.isArray(raw) ? raw[0] : raw) ?? '';
    if (uuid === '') return sendText(reply, 400, 'GET /cache: Missing required parameter uuid');
    if (!ctx.allowSettingKeys && uuid.length !== UUID_LENGTH) {
      return sendText(reply, 404, `GET /cache uuid=${uuid}: invalid uuid length`);
    }
    let entry: CacheEntry | undefined;
    try {
      entry = await ctx.backend.get(uuid);
    } catch (err) {
      if (err instanceof CorruptedEntryError) {
        req.log.error({ uuid }, 'stored cache data was corrupted');
        return sendText(
          reply,
          500,
          `GET /cache uuid=${uuid}: Cache data was corrupted. Cannot determine type.`,
        );
      }
      const { status, message } = toErrorAnswer(err);
      if (status >= 500) req.log.error({ err, uuid }, 'cache read failed');
      return sendText(reply, status, `GET /cache uuid=${uuid}: ${message}`);
    }
    if (!entry) return sendText(reply, 404, `GET /cache uuid=${uuid}: Key not found`);
    return reply.code(200).type(CONTENT_TYPE[entry.type]).send(entry.value);
  });
}
