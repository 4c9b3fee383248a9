// gzip answers for clients that send Accept-Encoding: gzip (issue 23). A request without the
// header costs one property read; compression runs on libuv's thread pool (zlib.gzip), only for
// text-like answers of at least `minBytes`. Not @fastify/compress: with `global` it also inflates
// request bodies, which the auction and video routes already do themselves (`gzip-enabled`).
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export interface CompressionOptions {
  /** Answers shorter than this many bytes go out as they are. */
  minBytes: number;
}

/** Whether an Accept-Encoding value allows gzip (`gzip` or `*` without q=0). */
export function acceptsGzip(header: string): boolean {
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const coding = name.trim();
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+(json|xml)))/i;

export function addVary(current: unknown): string {
  const text = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(text)) return text;
  return text === '' ? 'Accept-Encoding' : `${text}, Accept-Encoding`;
}

/**
 * What the compression step does to an answer, for the onSend hook and for routes answered outside
 * Fastify's lifecycle (`fast-path.ts`): `none` (sent as is), `vary` (too small to matter for this
 * client but the type is compressible: Vary gets Accept-Encoding), `gzip` (Vary and a gzip body).
 */
export function compressionPlan(o: {
  accept: string | undefined;
  contentType: unknown;
  body: unknown;
  encoded: boolean;
  minBytes: number;
}): 'none' | 'vary' | 'gzip' {
  if (o.accept === undefined) return 'none';
  const body = typeof o.body === 'string' || Buffer.isBuffer(o.body) ? o.body : undefined;
  const type = o.contentType;
  if (
    body === undefined ||
    typeof type !== 'string' ||
    !COMPRESSIBLE.test(type) ||
    o.encoded ||
    Buffer.byteLength(body) < o.minBytes
  )
    return 'none';
  return acceptsGzip(o.accept) ? 'gzip' : 'vary';
}

export function installResponseCompression(app: FastifyInstance, opts: CompressionOptions): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const plan = compressionPlan({
      accept: req.headers['accept-encoding'],
      contentType: reply.getHeader('content-type'),
      body: payload,
      encoded: reply.hasHeader('content-encoding'),
      minBytes: opts.minBytes,
    });
    if (plan === 'none') {
      done(null, payload);
      return;
    }
    reply.header('vary', addVary(reply.getHeader('vary')));
    if (plan === 'vary') {
      done(null, payload);
      return;
    }
    gzip(payload as string | Buffer, (err, out) => {
      if (err) {
        done(null, payload);
        return;
      }
      reply.removeHeader('content-length');
      reply.header('content-encoding', 'gzip');
      done(null, out);
    });
  });
}
