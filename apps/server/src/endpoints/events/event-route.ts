// GET /event (contract "GET /event", "Events", "Authentication"; notes §5, §0 row 10): validates
// the query, checks the account's events switch and hands the event to the analytics seam.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EventRecorder } from '../../events/event-recorder.js';
import { sendErrorLines } from '../auction.js';
import { accountForEvents, type EventAccountEnv } from './event-account.js';
import { parseEventQuery, type RawQuery } from './event-query.js';
import { withProps } from '@gavel/common';

export interface EventRouteOptions {
  accounts: EventAccountEnv;
  recorder: EventRecorder;
}

// A 1x1 fully transparent RGBA PNG (f=i), 68 bytes; the route test decodes it to check.
const PIXEL_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=';

function sendUnauthorized(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(401).type('text/plain; charset=utf-8').send(`${message}\n`);
}

export function registerEventRoute(app: FastifyInstance, opts: EventRouteOptions): void {
  const pixel = Buffer.from(PIXEL_BASE64, 'base64');
  const answer = (reply: FastifyReply, format: 'b' | 'i' | undefined): FastifyReply =>
    format === 'i' ? reply.code(200).type('image/png').send(pixel) : reply.code(200).send();

  app.get('/event', async (req, reply) => {
    const parsed = parseEventQuery((req.query ?? {}) as RawQuery);
    if (!parsed.ok) return sendErrorLines(reply, 400, parsed.errors);
    const q = parsed.query;
    if (q.accountId === '') {
      return sendUnauthorized(reply, "Account 'a' is required query parameter and can't be empty");
    }
    // x=0: the caller opted out of analytics — nothing to record, so no account lookup either.
    if (!q.analytics) return answer(reply, q.format);
    const found = await accountForEvents(q.accountId, opts.accounts);
    if (!found.ok) return sendErrorLines(reply, found.status, [found.message]);
    if (!found.account.eventsEnabled) {
      return sendUnauthorized(reply, `Account '${q.accountId}' doesn't support events`);
    }
    opts.recorder.recordEvent(withProps(q.event, { accountId: q.accountId }));
    return answer(reply, q.format);
  });
}
