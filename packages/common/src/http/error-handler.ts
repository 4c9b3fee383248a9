// Maps any thrown error to an HTTP answer: catalogue errors keep their status and message,
// fastify's own client errors (bad JSON, body too large, bad content type) stay 4xx, and
// anything else is a logged 500 with no internals leaked.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isGavelError } from '../errors.js';

export interface ErrorAnswer {
  status: number;
  message: string;
}

export function toErrorAnswer(err: unknown): ErrorAnswer {
  if (isGavelError(err)) return { status: err.status, message: err.message };
  const fe = err as Partial<FastifyError>;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, message: 'request body is too large' };
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, message: fe.message ?? 'bad request' };
  }
  return { status: 500, message: 'internal error' };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const answer = toErrorAnswer(err);
    if (answer.status >= 500) req.log.error({ err }, 'request failed');
    return reply.code(answer.status).type('text/plain; charset=utf-8').send(`${answer.message}\n`);
  });
}
