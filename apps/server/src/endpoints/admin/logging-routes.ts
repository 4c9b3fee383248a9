// Admin GET|POST /logging/changelevel and /logging/httpinteraction (issue 23; upstream Java
// LoggerControlKnobHandler, HttpInteractionLogHandler): validated here, applied on every worker.
// A bad parameter is a 400 naming it, in upstream Java's words.
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '@gavel/common';
import type { AdminBus } from '../../cluster/admin-bus.js';
import { runEverywhere } from './broadcast-reply.js';
import { CHANGEABLE_LEVELS, type ChangeableLevel } from './log-level.js';
import {
  INTERACTION_ENDPOINTS,
  type InteractionEndpoint,
  type InteractionSpec,
} from '../../bidders/interaction-log.js';

export interface LoggingLimits {
  maxDurationMs: number;
  maxLimit: number;
}

type Query = Record<string, string | string[] | undefined>;

function param(q: Query, name: string): string | undefined {
  const v = q[name];
  return Array.isArray(v) ? v[0] : v;
}

function intParam(q: Query, name: string): number | undefined {
  const raw = param(q, name);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw new BadRequestError(`Invalid '${name}' parameter value`, name);
  return Number(raw);
}

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new BadRequestError(`Missing required parameter '${name}'`, name);
  return value;
}

function inRange(value: number, name: string, max: number, min = 1): number {
  if (value < min || value > max)
    throw new BadRequestError(`Parameter '${name}' must be between ${min} and ${max}`, name);
  return value;
}

export function parseChangeLevel(
  q: Query,
  maxDurationMs: number,
): { level: ChangeableLevel; durationMs: number } {
  const raw = required(param(q, 'level'), 'level').toLowerCase();
  if (!(CHANGEABLE_LEVELS as readonly string[]).includes(raw))
    throw new BadRequestError(
      `Invalid 'level' parameter value, allowed values '${CHANGEABLE_LEVELS.join(', ')}'`,
      'level',
    );
  const duration = inRange(required(intParam(q, 'duration'), 'duration'), 'duration', maxDurationMs);
  return { level: raw as ChangeableLevel, durationMs: duration };
}

export function parseInteractionSpec(q: Query, maxLimit: number): InteractionSpec {
  const spec: InteractionSpec = { limit: 0 };
  const endpoint = param(q, 'endpoint');
  if (endpoint !== undefined) {
    if (!(INTERACTION_ENDPOINTS as readonly string[]).includes(endpoint))
      throw new BadRequestError(
        `Invalid 'endpoint' parameter value, allowed values '${INTERACTION_ENDPOINTS.join(', ')}'`,
        'endpoint',
      );
    spec.endpoint = endpoint as InteractionEndpoint;
  }
  const status = intParam(q, 'statusCode');
  if (status !== undefined) spec.statusCode = inRange(status, 'statusCode', 599, 100);
  const account = param(q, 'account');
  if (account !== undefined && account !== '') spec.account = account;
  const bidder = param(q, 'bidder');
  if (bidder !== undefined && bidder !== '') spec.bidder = bidder;
  spec.limit = inRange(required(intParam(q, 'limit'), 'limit'), 'limit', maxLimit);
  return spec;
}

export function registerLoggingRoutes(app: FastifyInstance, bus: AdminBus, limits: LoggingLimits): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/logging/changelevel',
    handler: async (req, reply) => {
      const change = parseChangeLevel(req.query as Query, limits.maxDurationMs);
      const outcome = await runEverywhere(bus, 'log-level', change);
      return reply.send({
        level: change.level,
        durationMs: change.durationMs,
        workers: outcome.applied.length,
      });
    },
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/logging/httpinteraction',
    handler: async (req, reply) => {
      const spec = parseInteractionSpec(req.query as Query, limits.maxLimit);
      const outcome = await runEverywhere(bus, 'http-interaction', spec);
      return reply.send(Object.assign({}, spec, { workers: outcome.applied.length }));
    },
  });
}
