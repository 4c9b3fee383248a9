// What the HTTP layer tells the auction about the caller (contract "Auction request" implicit
// fields; notes §2 for the `uids` cookie): client IP, User-Agent, Referer, cookies, raw headers.
import type { IncomingHttpHeaders } from 'node:http';
import type { HttpFacts } from '../auction/types.js';

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** Cookie header → map. Hand-written: a dozen lines, @fastify/cookie would add a plugin for reading only. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

/** Client IP: first X-Forwarded-For entry, then X-Real-IP, then the socket address. */
/** What the facts are read from: a FastifyRequest, or the auction's fast-path request. */
export interface HttpSource {
  readonly headers: IncomingHttpHeaders;
  readonly socket: { readonly remoteAddress?: string | undefined };
}

export function clientIp(req: HttpSource): string | undefined {
  const xff = first(req.headers['x-forwarded-for']);
  const fromXff = xff?.split(',')[0]?.trim();
  if (fromXff) return fromXff;
  const real = first(req.headers['x-real-ip'])?.trim();
  if (real) return real;
  return req.socket.remoteAddress;
}

export function httpFactsOf(req: HttpSource): HttpFacts {
  const ip = clientIp(req);
  const ua = first(req.headers['user-agent']);
  const referer = first(req.headers['referer']);
  // Built by assignment, not spreads of optional parts: one hidden class for every request
  // (@gavel/common objects.ts).
  const facts: HttpFacts = { cookies: parseCookies(first(req.headers.cookie)), headers: req.headers };
  if (ip) facts.ip = ip;
  if (ua) facts.userAgent = ua;
  if (referer) facts.referer = referer;
  return facts;
}
