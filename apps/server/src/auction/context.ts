// Building the immutable AuctionContext (architecture "The auction pipeline"): host default request
// (RFC 7386 merge under the request), account id, blocked apps/accounts and "account required"
// (contract "Errors": 503), the debug decision and the ad-server currency.
import type { Account } from '../accounts/types.js';
import type { BidRequest } from '../openrtb/types.js';
import { applyMergePatch } from '../openrtb/merge-patch.js';
import type { AuctionContext, Endpoint, ExtNamespace, HttpFacts, ResponseIssue } from './types.js';

export type DefaultRequest = { ok: true; value: Record<string, unknown> | undefined } | { ok: false };

/** Parses `auction.default-request` once: empty → none; broken JSON → every request answers 400. */
export function parseDefaultRequest(text: string): DefaultRequest {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    const v: unknown = JSON.parse(text);
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return { ok: false };
    return { ok: true, value: v as Record<string, unknown> };
  } catch {
    return { ok: false };
  }
}

export function applyDefaultRequest(
  request: BidRequest,
  def: Record<string, unknown> | undefined,
): BidRequest {
  return def ? (applyMergePatch(def, request) as BidRequest) : request;
}

function asObject(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

/** Account id: app.publisher.id, then site.publisher.id, then dooh.publisher.id (notes §7 step 4); '' when absent. */
export function accountIdOf(request: BidRequest): string {
  for (const owner of [request.app, request.site, request.dooh]) {
    const id = asObject(asObject(owner)?.['publisher'])?.['id'];
    if (typeof id === 'string' && id !== '') return id;
    if (typeof id === 'number') return String(id);
  }
  return '';
}

export interface AccessSettings {
  blockedApps: readonly string[];
  blockedAccounts: readonly string[];
  accountRequired: boolean;
}

/** 503 lines (without the `Invalid request: ` prefix) when the caller is refused, else []. */
/** The refusal's status: 400 for a missing account id (G AcctRequired), 503 for blocked callers. */
export function accessStatus(lines: readonly string[]): 400 | 503 {
  return lines[0] === ACCOUNT_REQUIRED_MESSAGE ? 400 : 503;
}

const ACCOUNT_REQUIRED_MESSAGE =
  'Prebid-server has been configured to discard requests without a valid Account ID. Please reach out to the prebid server host.';

export function checkAccess(request: BidRequest, account: Account, s: AccessSettings): string[] {
  const appId = asObject(request.app)?.['id'];
  if (typeof appId === 'string' && appId !== '' && s.blockedApps.includes(appId)) {
    return [`Prebid-server does not process requests from App ID: ${appId}`];
  }
  if (s.accountRequired && account.id === '') return [ACCOUNT_REQUIRED_MESSAGE];
  if (account.id !== '' && s.blockedAccounts.includes(account.id)) {
    // J's wording for a host blocklist; G's "disabled" below is for the account's own setting.
    return [
      `Prebid-server has blocklisted Account ID: ${account.id}, please reach out to the prebid server host.`,
    ];
  }
  if (account.disabled) {
    return [
      `Prebid-server has disabled Account ID: ${account.id}, please reach out to the prebid server host.`,
    ];
  }
  return [];
}

/** Debug asked for by the request: `test: 1` or `ext.<ns>.debug: true` (notes §8). */
export function isDebugRequested(request: BidRequest, ns: ExtNamespace): boolean {
  if (request.test === 1) return true;
  return asObject(request.ext?.[ns])?.['debug'] === true;
}

export const DEBUG_DISABLED_WARNING: ResponseIssue = { code: 10002, message: 'debug turned off for account' };

export interface ContextInput {
  ns: ExtNamespace;
  endpoint: Endpoint;
  request: BidRequest;
  account: Account;
  http: HttpFacts;
  startedAt: number;
  bidderDeadline: number;
  warnings: readonly ResponseIssue[];
  /**
   * Warn 10002 on every response that does not debug (upstream Go), not only when the account
   * disallows debug (config `auction.debug-disabled-warning`).
   */
  warnUnlessDebugging?: boolean;
}

export function createAuctionContext(input: ContextInput): AuctionContext {
  const requested = isDebugRequested(input.request, input.ns);
  const debug = requested && input.account.debugAllowed;
  // G warns on every response of an account that disallows debug, asked for or not (the corpus
  // expects it; docs/decisions.md "Debug disabled for the account").
  const warn = input.warnUnlessDebugging === true ? !debug : !input.account.debugAllowed;
  // First, before the request's own warnings (upstream HoldAuction's order).
  const warnings = warn ? [DEBUG_DISABLED_WARNING, ...input.warnings] : input.warnings;
  const cur = input.request.cur?.[0];
  return Object.freeze({
    ns: input.ns,
    endpoint: input.endpoint,
    request: input.request,
    account: input.account,
    http: input.http,
    startedAt: input.startedAt,
    bidderDeadline: input.bidderDeadline,
    debug,
    currency: typeof cur === 'string' && cur !== '' ? cur : 'USD',
    warnings: Object.freeze([...warnings]),
  });
}
