// Request bodies of the auction endpoints (issue 4 "Input"): JSON sent as application/json,
// text/plain (Prebid.js avoids a CORS preflight) or with no type at all; gzip via
// `Content-Encoding: gzip` or `?gzip=1`; the size limit applies to the inflated body too (413).
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { BadRequestError, PayloadTooLargeError, type RepeatedBlocks } from '@gavel/common';
import { firstNonSpace } from '../openrtb/first-char.js';

const gunzipAsync = promisify(gunzip);

/** Makes every body of routes in this (encapsulated) instance arrive as a raw Buffer. */
export function acceptRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
}

/** What a body is read from: a FastifyRequest (raw bodies), or the auction's fast-path request. */
export interface BodySource {
  readonly headers: IncomingHttpHeaders;
  readonly query: unknown;
  readonly body: unknown;
}

function wantsGzip(req: BodySource): boolean {
  const enc = req.headers['content-encoding'];
  if (typeof enc === 'string' && enc.toLowerCase().includes('gzip')) return true;
  return (req.query as Record<string, unknown> | undefined)?.['gzip'] === '1';
}

export async function readBodyText(
  req: BodySource,
  opts: { limitBytes: number; gzip: boolean },
): Promise<string> {
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!wantsGzip(req)) return raw.toString('utf8');
  if (!opts.gzip)
    throw new BadRequestError('Content-Encoding of type gzip is not supported', 'content-encoding');
  try {
    const inflated = await gunzipAsync(raw, { maxOutputLength: opts.limitBytes });
    return inflated.toString('utf8');
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new PayloadTooLargeError(opts.limitBytes);
    throw new BadRequestError(`body is not valid gzip: ${(err as Error).message}`, 'body');
  }
}

/**
 * A JSON object or a 400 naming what is wrong. The wording of the first case follows the upstream
 * server (`expect { or n, but found m`) because clients and the conformance corpus match on it.
 * With `blocks`, a large block the body repeats from earlier bodies is a shared, frozen object.
 */
export function parseJsonObject(text: string, blocks?: RepeatedBlocks): Record<string, unknown> {
  const firstChar = firstNonSpace(text);
  if (firstChar !== '{') {
    throw new BadRequestError(`expect { or n, but found ${firstChar}`, 'body');
  }
  try {
    return (blocks ? blocks.parse(text) : JSON.parse(text)) as Record<string, unknown>;
  } catch (err) {
    throw new BadRequestError(`error decoding request body: ${(err as Error).message}`, 'body');
  }
}
