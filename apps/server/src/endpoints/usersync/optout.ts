// GET|POST /optout and GET /static/optout.html (notes §2 "Host cookie & opt-out"; G pbs/usersync.go
// OptOut + VerifyRecaptcha, J OptoutHandler + GoogleRecaptchaVerifier): a reCAPTCHA-checked form that
// sets (dropping every uid) or clears `optout` in the `uids` cookie, then redirects.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { request, type Dispatcher } from 'undici';
import { UnauthorizedError, withProps, type Clock } from '@gavel/common';
import { acceptRawBodies } from '../request-body.js';
import { parseCookies } from '../http-facts.js';
import {
  decodeUidsCookie,
  encodeUidsCookie,
  UIDS_COOKIE,
  type UidsCookie,
} from '../../usersync/uids-cookie.js';
import { uidsSetCookie, type CookieAttributes } from '../../usersync/set-cookie.js';
import type { OptoutSettings } from '../../usersync/optout-config.js';

/** Contract between the route and the reCAPTCHA check: never rejects, a refusal carries its reason. */
export type RecaptchaVerdict = { ok: true } | { ok: false; reason: string };
export type RecaptchaVerifier = (response: string) => Promise<RecaptchaVerdict>;

export interface RecaptchaVerifierOptions {
  url: string;
  secret: string;
  timeoutMs: number;
  /** Default: undici's global dispatcher. */
  dispatcher?: Dispatcher;
}

export interface OptoutRouteOptions {
  settings: OptoutSettings;
  /** The `uids` cookie attributes /setuid writes with (UserSyncSettings.cookie). */
  cookie: CookieAttributes;
  /** Base of the opt-out page URL the form-less call is redirected to (`external-url`). */
  externalUrl: string;
  clock: Clock;
  /** Seam for tests and other providers; default: createRecaptchaVerifier over `settings`. */
  verify?: RecaptchaVerifier;
  /** Page template with `{{RECAPTCHA_SITE_KEY}}`; default: apps/server/static/optout.html. */
  pageFile?: string;
}

export const OPTOUT_PAGE_PATH = '/static/optout.html';
const SITE_KEY_PLACEHOLDER = '{{RECAPTCHA_SITE_KEY}}';
const FORM_TYPE = 'application/x-www-form-urlencoded';

function verdictOf(body: string): RecaptchaVerdict {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return { ok: false, reason: `cannot parse the verifier's answer: ${body.slice(0, 200)}` };
  }
  const answer = (typeof doc === 'object' && doc !== null ? doc : {}) as Record<string, unknown>;
  if (answer['success'] === true) return { ok: true };
  const codes = answer['error-codes'];
  const list = Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : [];
  return { ok: false, reason: `verification failed: ${list.join(', ')}` };
}

/** POSTs `secret` and `response` as a form; a non-200, bad JSON, `success` not true or a timeout refuse. */
export function createRecaptchaVerifier(o: RecaptchaVerifierOptions): RecaptchaVerifier {
  return async (response) => {
    try {
      const res = await request(o.url, {
        method: 'POST',
        headers: { 'content-type': FORM_TYPE, accept: 'application/json' },
        body: new URLSearchParams({ secret: o.secret, response }).toString(),
        signal: AbortSignal.timeout(o.timeoutMs),
        headersTimeout: o.timeoutMs,
        bodyTimeout: o.timeoutMs,
        dispatcher: o.dispatcher,
      });
      const body = await res.body.text();
      if (res.statusCode !== 200) return { ok: false, reason: `HTTP status code ${res.statusCode}` };
      return verdictOf(body);
    } catch (err) {
      return { ok: false, reason: err instanceof Error ? err.message : String(err) };
    }
  };
}

/** The bundled page (apps/server/static/optout.html), found from src/ or dist/src/. */
export function bundledOptoutPage(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'static', 'optout.html');
    dir = dirname(dir);
  }
  return join('apps', 'server', 'static', 'optout.html');
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The page with the host's site key filled in (HTML-escaped: it comes from config). */
export function renderOptoutPage(template: string, siteKey: string): string {
  return template.split(SITE_KEY_PLACEHOLDER).join(escapeAttribute(siteKey));
}

type Query = Record<string, string | string[] | undefined>;

/** The urlencoded POST body, or none (other bodies are ignored, as upstream's form readers do). */
function readForm(req: FastifyRequest): URLSearchParams | undefined {
  const type = req.headers['content-type'];
  if (typeof type !== 'string' || !type.toLowerCase().startsWith(FORM_TYPE)) return undefined;
  if (!Buffer.isBuffer(req.body)) return undefined;
  return new URLSearchParams(req.body.toString('utf8'));
}

/** A non-empty body field wins over the query parameter (J getRequestParam; G FormValue likewise). */
function formValue(req: FastifyRequest, form: URLSearchParams | undefined, name: string): string {
  const fromBody = form?.get(name) ?? '';
  if (fromBody !== '') return fromBody;
  const q = (req.query as Query | undefined)?.[name];
  return (Array.isArray(q) ? q[0] : q) ?? '';
}

/** Opting out forgets every uid (G SetOptOut, J updateOptout); opting in keeps what is there. */
function withOptout(cookie: UidsCookie, optout: boolean): UidsCookie {
  if (optout) return { uids: new Map(), optout: true };
  return withProps(cookie, { optout: false });
}

function redirectOrEmpty(reply: FastifyReply, url: string): FastifyReply {
  if (url === '') return reply.code(204).send();
  return reply.redirect(url, 301);
}

function optoutHandler(opts: OptoutRouteOptions, verify: RecaptchaVerifier) {
  const pageUrl = `${opts.externalUrl.replace(/\/+$/, '')}${OPTOUT_PAGE_PATH}`;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const form = readForm(req);
    const captcha = formValue(req, form, 'g-recaptcha-response');
    if (captcha === '') return reply.redirect(pageUrl, 301);
    const verdict = await verify(captcha);
    if (!verdict.ok) {
      req.log.info({ reason: verdict.reason }, 'opt-out refused: reCAPTCHA not verified');
      throw new UnauthorizedError('reCAPTCHA verification failed', 'g-recaptcha-response');
    }
    const optout = formValue(req, form, 'optout') !== '';
    const header = req.headers.cookie;
    const current = decodeUidsCookie(
      parseCookies(typeof header === 'string' ? header : undefined)[UIDS_COOKIE],
    );
    const value = encodeUidsCookie(withOptout(current, optout));
    reply.header('set-cookie', uidsSetCookie(value, opts.cookie, opts.clock.now()));
    return redirectOrEmpty(reply, optout ? opts.settings.optOutUrl : opts.settings.optInUrl);
  };
}

/**
 * Registers GET|POST /optout and GET /static/optout.html (the page is read and rendered once,
 * here). Async: the form-body parser lives in an encapsulated scope of its own.
 */
export async function registerOptoutRoute(app: FastifyInstance, opts: OptoutRouteOptions): Promise<void> {
  const { settings } = opts;
  const verify =
    opts.verify ??
    createRecaptchaVerifier({
      url: settings.recaptchaUrl,
      secret: settings.recaptchaSecret,
      timeoutMs: settings.timeoutMs,
    });
  const template = await readFile(opts.pageFile ?? bundledOptoutPage(), 'utf8');
  const page = renderOptoutPage(template, settings.recaptchaSiteKey);
  const handler = optoutHandler(opts, verify);
  await app.register(async (scope) => {
    acceptRawBodies(scope); // urlencoded forms are parsed by the handler; other bodies are ignored
    scope.route({ method: ['GET', 'POST'], url: '/optout', handler });
  });
  app.get(OPTOUT_PAGE_PATH, async (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
}
