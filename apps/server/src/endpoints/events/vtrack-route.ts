// POST /vtrack?a= (contract "POST /vtrack", "Events" item 2; notes §6, §0 row 11): checks the puts,
// inserts the /event impression tracker when the account has events on and the bidder allows VAST
// modification, then stores the puts (vtrack-only fields stripped) through the cache client.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isGavelError } from '@gavel/common';
import type { BidderRegistry } from '../../bidders/registry.js';
import type { CacheClient, CachePut } from '../../cache-client/cache-client.js';
import { buildEventUrl } from '../../events/event-url.js';
import { insertImpressionTracker } from '../../events/vast-impression.js';
import { bidderAllowsVastModification } from '../../events/vast-policy.js';
import { sendErrorLines } from '../auction.js';
import { acceptRawBodies, readBodyText } from '../request-body.js';
import { accountForEvents, type EventAccountEnv } from './event-account.js';
import { integrationError, type RawQuery } from './event-query.js';
import { parseVtrackBody, type VtrackPut } from './vtrack-body.js';

export interface VtrackRouteOptions {
  accounts: EventAccountEnv;
  registry: BidderRegistry;
  /** Undefined when no cache is configured (every call answers 500). */
  cacheClient: CacheClient | undefined;
  /** external-url: base of the tracker URL. */
  externalUrl: string;
  allowUnknownBidder: boolean;
  /** TTL for puts without one; 0 = leave it to the cache. */
  defaultTtlSeconds: number;
  timeoutMs: number;
  bodyLimitBytes: number;
}

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

function sendServerError(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(500).type('text/plain; charset=utf-8').send(`${message}\n`);
}

interface PutEnv {
  accountId: string;
  integration: string | undefined;
  modifyAllowed: (bidder: string) => boolean;
  o: VtrackRouteOptions;
}

/** The cache put of one vtrack put: bidid, bidder, timestamp and aid are not sent to the cache. */
function toCachePut(p: VtrackPut, env: PutEnv): CachePut {
  let value = p.value;
  if (env.modifyAllowed(p.bidder)) {
    const url = buildEventUrl({
      externalUrl: env.o.externalUrl,
      type: 'imp',
      bidId: p.bidid,
      accountId: env.accountId,
      bidder: p.bidder,
      format: 'b',
      ...(p.timestamp !== undefined ? { timestamp: p.timestamp } : {}),
      ...(env.integration ? { integration: env.integration } : {}),
      ...(p.aid ? { auctionId: p.aid } : {}),
    });
    value = insertImpressionTracker(value, url).vast;
  }
  const ttl = p.ttlseconds || env.o.defaultTtlSeconds;
  // value stays a JSON string in the batch (never raw XML, notes §6 "Known G defect").
  return { type: 'xml', value, ...(ttl > 0 ? { ttlseconds: ttl } : {}), ...(p.key ? { key: p.key } : {}) };
}

export async function registerVtrackRoute(app: FastifyInstance, o: VtrackRouteOptions): Promise<void> {
  await app.register(async (scope) => {
    acceptRawBodies(scope);
    scope.post('/vtrack', async (req, reply) => {
      const query = (req.query ?? {}) as RawQuery;
      const accountId = first(query['a']) ?? '';
      const integration = first(query['int']);
      const queryErrors = [
        ...(accountId === '' ? ["Account 'a' is required query parameter and can't be empty"] : []),
        ...[integrationError(integration)].filter((e): e is string => e !== undefined),
      ];
      if (queryErrors.length > 0) return sendErrorLines(reply, 400, queryErrors);
      let text: string;
      try {
        text = await readBodyText(req, { limitBytes: o.bodyLimitBytes, gzip: true });
      } catch (err) {
        if (isGavelError(err)) return sendErrorLines(reply, err.status, [err.message]);
        throw err;
      }
      const body = parseVtrackBody(text);
      if (!body.ok) return sendErrorLines(reply, 400, body.errors);

      const found = await accountForEvents(accountId, o.accounts);
      if (!found.ok) return sendErrorLines(reply, found.status, [found.message]);
      if (!o.cacheClient) {
        return sendServerError(
          reply,
          'The cache is not configured (cache.host is empty): /vtrack cannot store VAST',
        );
      }
      // J: no tracker unless the account has events on (G modifies regardless; decisions.md).
      const eventsOn = found.account.eventsEnabled;
      const env: PutEnv = {
        accountId,
        integration,
        modifyAllowed: (bidder) =>
          eventsOn && bidderAllowsVastModification(o.registry, bidder, o.allowUnknownBidder),
        o,
      };
      const result = await o.cacheClient.put(
        body.puts.map((p) => toCachePut(p, env)),
        o.timeoutMs,
      );
      if (!result.ok) {
        req.log.warn({ error: result.error }, 'vtrack cache call failed');
        return sendServerError(reply, `Error occurred while sending request to cache: ${result.error}`);
      }
      const responses = result.ids.map((uuid) => ({ uuid }));
      return reply.code(200).type('application/json').send(JSON.stringify({ responses }));
    });
  });
}
