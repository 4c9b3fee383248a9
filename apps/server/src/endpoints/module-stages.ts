// The HTTP ends of the module stages (modules/hooks): entrypoint (headers, query and body as received)
// and exitpoint (the body and headers about to be written). The auction's own stages are in
// auction/steps/module-stages.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestHooks } from '../modules/hooks/index.js';
import type { HookRejection } from '../modules/hooks/index.js';
import { JSON_UTF8, jsonBody } from './json-body.js';

export interface EntrypointResult {
  body: string;
  query: Readonly<Record<string, string>>;
  reject?: HookRejection;
}

function firstValues(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw && typeof raw === 'object')
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      const one = Array.isArray(v) ? (v[0] as unknown) : v;
      if (typeof one === 'string') out[k] = one;
    }
  return out;
}

/** Runs the entrypoint stage; without hooks the request passes as it came. */
export async function entrypoint(
  hooks: RequestHooks | undefined,
  req: FastifyRequest,
  o: { endpoint: string; body: string },
): Promise<EntrypointResult> {
  const query = firstValues(req.query);
  if (!hooks?.has('entrypoint')) return { body: o.body, query };
  const run = await hooks.run('entrypoint', {
    endpoint: o.endpoint,
    headers: req.headers,
    query,
    body: o.body,
  });
  return {
    body: run.payload.body,
    query: run.payload.query,
    ...(run.reject ? { reject: run.reject } : {}),
  };
}

/** Sends `body` as JSON after the exitpoint stage, which may replace the body and set headers. */
export async function sendThroughExitpoint(
  reply: FastifyReply,
  hooks: RequestHooks | undefined,
  o: { endpoint: string; body: unknown },
): Promise<FastifyReply> {
  if (!hooks?.has('exitpoint')) return reply.code(200).type(JSON_UTF8).send(jsonBody(o.body));
  const run = await hooks.run('exitpoint', { endpoint: o.endpoint, body: o.body, headers: {} });
  for (const [k, v] of Object.entries(run.payload.headers)) reply.header(k, v);
  if (!run.payload.headers['content-type'] && !run.payload.headers['Content-Type']) reply.type(JSON_UTF8);
  return reply.code(200).send(jsonBody(run.payload.body));
}
