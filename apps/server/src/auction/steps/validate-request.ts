// Pipeline step 4: validate the resolved request and normalise it (notes §7 "validateRequest rules",
// in the configured namespace). One pass; returns a new request, never mutates the input.
import type { BidRequest, Imp } from '../../openrtb/types.js';
import type { ExtNamespace, ResponseIssue } from '../types.js';
import { readAliases, type BidderLookup } from '../request/bidder-lookup.js';
import { processImpBidders, WARNING_CODE } from '../request/imp-bidders.js';
import { childObject, isObject } from '../request/json-shape.js';
import { validateImpMedia } from '../request/validate-imp-media.js';
import { checkUsPrivacy, validateParties } from '../request/validate-parties.js';
import { validateRequestExt } from '../request/validate-request-ext.js';
import { withProps } from '@gavel/common';
import type { Account } from '../../accounts/types.js';
import {
  DEFAULT_INVALID_BIDDERS,
  invalidBiddersMode,
  NO_IMP_LEFT,
  type InvalidBiddersMode,
} from '../request/invalid-bidders.js';

export type { InvalidBiddersMode };

export interface ValidationEnv {
  ns: ExtNamespace;
  /** The bidder registry (bidders/registry.ts) or any object with the same two methods. */
  registry: BidderLookup;
  /** Unknown bidders and invalid params on the page: dropped with a warning (default) or 400. */
  invalidBidders?: InvalidBiddersMode;
}

/** The env of one auction: the host's services and the mode the account (or else the host) chose. */
export function validationEnv(
  host: ValidationEnv,
  account: Pick<Account, 'invalidBidders'> | undefined,
): ValidationEnv {
  return {
    ns: host.ns,
    registry: host.registry,
    invalidBidders: invalidBiddersMode(account, host.invalidBidders),
  };
}

export interface ValidationResult {
  /** The normalised request (legacy bidder params promoted, bidderparams merged, native ids filled). */
  request: BidRequest;
  /**
   * Fatal problems, one message per `Invalid request: <message>` line; non-empty → HTTP 400.
   * As upstream prints every collected issue, warnings gathered before the failure come first.
   */
  errors: string[];
  /** Request-level warnings for ext.warnings.general. */
  warnings: ResponseIssue[];
}

interface CheckedTop {
  error?: string;
  cur?: string[];
}

function checkTop(req: BidRequest, warnings: ResponseIssue[]): CheckedTop {
  if (typeof req.id !== 'string' || req.id === '') return { error: 'request missing required field: "id"' };
  const tmax: unknown = req.tmax;
  if (tmax !== undefined && tmax !== null) {
    if (typeof tmax !== 'number' || !Number.isInteger(tmax))
      return { error: 'request.tmax must be an integer' };
    if (tmax < 0) return { error: `request.tmax must be nonnegative. Got ${tmax}` };
  }
  if (!Array.isArray(req.imp) || req.imp.length < 1)
    return { error: 'request.imp must contain at least one element.' };
  const cur: unknown = req.cur;
  if (cur === undefined || cur === null) return {};
  if (!Array.isArray(cur) || !cur.every((c) => typeof c === 'string'))
    return { error: 'request.cur must be an array of strings' };
  if (cur.length <= 1) return {};
  const first = cur[0] as string;
  warnings.push({
    code: WARNING_CODE.generic,
    message: `A prebid request can only process one currency. Taking the first currency in the list, ${first}, as the active currency`,
  });
  return { cur: [first] };
}

/** Drops an invalid regs.ext.us_privacy with a warning (notes §7: invalid consent is ignored). */
function sanitizeUsPrivacy(req: BidRequest, warnings: ResponseIssue[]): BidRequest['regs'] | undefined {
  const ext = childObject(req.regs, 'ext');
  const usp = ext?.us_privacy;
  if (typeof usp !== 'string') return undefined;
  const problem = checkUsPrivacy(usp);
  if (!problem) return undefined;
  warnings.push({
    code: WARNING_CODE.invalidConsent,
    message: `CCPA consent is invalid and will be ignored. (${problem})`,
  });
  const { us_privacy: _dropped, ...rest } = ext as Record<string, unknown>;
  return withProps(req.regs, { ext: rest });
}

export function validateRequest(request: BidRequest, env: ValidationEnv): ValidationResult {
  const { ns, registry } = env;
  const warnings: ResponseIssue[] = [];
  const fail = (message: string): ValidationResult => ({
    request,
    errors: [...warnings.map((w) => w.message), message],
    warnings,
  });
  if (!isObject(request)) return fail('request must be a JSON object');
  const top = checkTop(request, warnings);
  if (top.error) return fail(top.error);
  const ext: unknown = request.ext;
  if (ext !== undefined && ext !== null && !isObject(ext))
    return fail('request.ext is invalid: request.ext must be an object');
  const rawNs = isObject(ext) ? ext[ns] : undefined;
  if (rawNs !== undefined && rawNs !== null && !isObject(rawNs))
    return fail(`request.ext.${ns} must be an object`);
  const nsExt = isObject(rawNs) ? rawNs : undefined;
  const aliases = readAliases(nsExt);
  const extErr = validateRequestExt(nsExt, { ns, registry, aliases });
  if (extErr) return fail(extErr);
  const partyErr = validateParties(request, { ns, registry, aliases });
  if (partyErr) return fail(partyErr);
  const regs = sanitizeUsPrivacy(request, warnings);
  const bidderParams = childObject(nsExt, 'bidderparams');
  const storedAuctionResponses = request.imp.some((imp) =>
    childObject(childObject(imp, 'ext')?.[ns], 'storedauctionresponse'),
  );
  const invalidBidders = env.invalidBidders ?? DEFAULT_INVALID_BIDDERS;
  const impEnv = { ns, registry, aliases, bidderParams, storedAuctionResponses, invalidBidders };
  const imps: Imp[] = [];
  const firstIndexById = new Map<string, number>();
  const errors: string[] = [];
  for (let i = 0; i < request.imp.length; i++) {
    const original: unknown = request.imp[i];
    const media = validateImpMedia(original, i);
    if (media.error) return fail(media.error);
    const imp: Imp = media.imp ?? (original as Imp);
    const first = firstIndexById.get(imp.id);
    // Upstream reports a duplicate id and keeps validating (the request still fails).
    if (first !== undefined)
      errors.push(
        `request.imp[${first}].id and request.imp[${i}].id are both "${imp.id}". Imp IDs must be unique.`,
      );
    else firstIndexById.set(imp.id, i);
    const res = processImpBidders(imp, i, impEnv);
    warnings.push(...res.warnings);
    if (res.errors.length > 0) {
      return { request, errors: [...warnings.map((w) => w.message), ...errors, ...res.errors], warnings };
    }
    if (!res.dropped) imps.push(res.imp ?? imp);
  }
  if (errors.length > 0) return { request, errors: [...warnings.map((w) => w.message), ...errors], warnings };
  if (imps.length === 0) return fail(NO_IMP_LEFT);
  // A spread when every key set below is already there: V8's fast clone (@gavel/common objects.ts).
  const keys = 'imp' in request && (!top.cur || 'cur' in request) && (!regs || 'regs' in request);
  const out: BidRequest = keys ? { ...request, imp: imps } : withProps(request, { imp: imps });
  if (top.cur) out.cur = top.cur;
  if (regs) out.regs = regs;
  return { request: out, errors: [], warnings };
}
