// Admin port: drop cached stored data so that the next lookup reads the sources again
// (issue 6 "an admin endpoint to invalidate by id"). Never routed on the public port. Applied on
// every worker before the answer (issue 23); a worker that does not answer makes it a 503.
//   POST /stored/invalidate  {"kind": "request", "ids": ["a", "b"]}   (no ids → every id of the kind)
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '@gavel/common';
import { STORED_KINDS, type StoredKind } from '../../stored/types.js';
import type { AdminBus } from '../../cluster/admin-bus.js';
import { runEverywhere } from './broadcast-reply.js';

export interface StoredInvalidator {
  invalidate(kind: StoredKind, ids?: readonly string[]): void;
}

export function parseInvalidateBody(body: unknown): { kind: StoredKind; ids?: string[] } {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new BadRequestError('body must be a JSON object {"kind": ..., "ids": [...]}', 'body');
  const { kind, ids } = body as Record<string, unknown>;
  if (typeof kind !== 'string' || !(STORED_KINDS as readonly string[]).includes(kind))
    throw new BadRequestError(`kind must be one of ${STORED_KINDS.join(', ')}`, 'kind');
  if (ids === undefined) return { kind: kind as StoredKind };
  if (!Array.isArray(ids) || !ids.every((id): id is string => typeof id === 'string'))
    throw new BadRequestError('ids must be an array of strings', 'ids');
  return { kind: kind as StoredKind, ids };
}

export function registerStoredInvalidate(
  app: FastifyInstance,
  stored: StoredInvalidator,
  bus: AdminBus,
): void {
  bus.register('stored-invalidate', (payload) => {
    const { kind, ids } = parseInvalidateBody(payload);
    stored.invalidate(kind, ids);
    return Promise.resolve(true);
  });
  app.post('/stored/invalidate', async (req, reply) => {
    const { kind, ids } = parseInvalidateBody(req.body);
    await runEverywhere(bus, 'stored-invalidate', ids === undefined ? { kind } : { kind, ids });
    return reply.send({ kind, invalidated: ids ?? 'all' });
  });
}
