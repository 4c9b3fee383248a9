// GET /getuids (contract "GET /getuids" — body shape not shown; notes §1): `{"buyeruids": {<key>: uid}}`
// keyed by syncer key, stale IDs included; `{}` when the cookie is empty, broken or opted out.
import type { FastifyInstance } from 'fastify';
import { readSyncCookies } from './sync-request.js';
import type { UserSyncSettings } from '../../usersync/from-config.js';

export function registerGetuidsRoute(app: FastifyInstance, settings: UserSyncSettings): void {
  app.get('/getuids', async (req, reply) => {
    const { cookie, optedOut } = readSyncCookies(req, settings);
    const buyeruids: Record<string, string> = {};
    if (!optedOut) for (const [key, e] of cookie.uids) buyeruids[key] = e.uid;
    const body = Object.keys(buyeruids).length > 0 ? { buyeruids } : {};
    return reply.type('application/json').send(body);
  });
}
