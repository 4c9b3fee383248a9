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

function addVary(current: unknown): string {
  const text = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(text)) return text;
  return text === '' ? 'Accept-Encoding' : `${text}, Accept-Encoding`;
}

export function installResponseCompression(app: FastifyInstance, opts: CompressionOptions): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const accept = req.headers['accept-encoding'];
    if (accept === undefined) {
      done(null, payload);
      return;
    }
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined;
    const type = reply.getHeader('content-type');
    if (
      body === undefined ||
      typeof type !== 'string' ||
      !COMPRESSIBLE.test(type) ||
      reply.hasHeader('content-encoding') ||
      Buffer.byteLength(body) < opts.minBytes
    ) {
      done(null, payload);
      return;
    }
    reply.header('vary', addVary(reply.getHeader('vary')));
    if (!acceptsGzip(accept)) {
      done(null, payload);
      return;
    }
    gzip(body, (err, out) => {
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
