// The HTTP ends of the module stages (modules/hooks): entrypoint (headers, query and body as received)
// and exitpoint (the body and headers about to be written). The auction's own stages are in
// auction/steps/module-stages.ts.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
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
  req: { readonly headers: IncomingHttpHeaders; readonly query: unknown },
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

/** A JSON answer after the exitpoint stage: its headers (lower-case names) and bytes. */
export interface ExitpointAnswer {
  /** Headers the exitpoint hooks set, without the content type. */
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
}

const NO_HEADERS: Record<string, string> = {};

/** Runs the exitpoint stage, which may replace the body and set headers; without hooks, as is. */
export async function exitpointAnswer(
  hooks: RequestHooks | undefined,
  o: { endpoint: string; body: unknown },
): Promise<ExitpointAnswer> {
  if (!hooks?.has('exitpoint'))
    return { headers: NO_HEADERS, contentType: JSON_UTF8, body: jsonBody(o.body) };
  const run = await hooks.run('exitpoint', { endpoint: o.endpoint, body: o.body, headers: {} });
  // Names as Fastify's reply.header() stores them.
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(run.payload.headers)) headers[k.toLowerCase()] = v;
  const contentType = headers['content-type'] ?? JSON_UTF8;
  delete headers['content-type'];
  return { headers, contentType, body: jsonBody(run.payload.body) };
}

/** Sends `body` as JSON after the exitpoint stage (`exitpointAnswer`). */
export async function sendThroughExitpoint(
  reply: FastifyReply,
  hooks: RequestHooks | undefined,
  o: { endpoint: string; body: unknown },
): Promise<FastifyReply> {
  const answer = await exitpointAnswer(hooks, o);
  for (const [k, v] of Object.entries(answer.headers)) reply.header(k, v);
  return reply.code(200).type(answer.contentType).send(answer.body);
}
