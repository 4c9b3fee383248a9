// Request ids for Fastify's `genReqId` (used when the caller sent no `x-request-id`): a random
// per-instance prefix plus a counter — unique across processes, no crypto call per request.
import { randomBytes } from 'node:crypto';

export function createRequestIds(): () => string {
  const prefix = randomBytes(6).toString('hex');
  let next = 0;
  return () => `${prefix}-${(next++).toString(36)}`;
}
