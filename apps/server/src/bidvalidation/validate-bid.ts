// The exchange-level checks of one bid, in upstream's order (G exchange.go makeBid): DSA, then the
// banner creative size, then secure markup. `enforce` drops the bid (and names its seat-non-bid
// code), `warn` keeps it with a message; both messages go to `ext.errors.{seat}` with code 4, as
// upstream does. A DSA failure is a warning (10010) and a rejection (300).
import type { MediaType } from '../bidders/types.js';
import { dsaWarning, validateDsa } from './dsa.js';
import {
  ISSUE_CODE,
  REJECT_CODE,
  type BidLike,
  type BidValidationSettings,
  type Issue,
  type RequestWithRegs,
  type ValidationMode,
} from './types.js';

export const VALIDATION_MESSAGE = {
  sizeRejected: 'bidResponse rejected: size WxH',
  sizeWarning: 'bidResponse creative size warning: size WxH larger than AdUnit sizes',
  secureRejected: 'bidResponse rejected: insecure creative in secure context',
  secureWarning: 'bidResponse secure markup warning: insecure creative in secure contexts',
} as const;

export interface ValidateBidInput {
  bid: BidLike;
  type: MediaType;
  settings: BidValidationSettings;
  /**
   * The bid's impid names an imp of the request. G runs the markup check only then; it does not look
   * at imp.secure or the page scheme (see docs/bid-validation.md). Default true.
   */
  impKnown?: boolean;
  /** The auction request (after the account default DSA was applied); absent = no DSA check. */
  request?: RequestWithRegs;
}

/** A metric upstream counts per adapter and account (`response.validation.{size|secure}.{err|warn}`). */
export interface ValidationMetric {
  check: 'size' | 'secure';
  outcome: 'err' | 'warn';
}

export interface BidVerdict {
  /** Present when the bid must be dropped: its seat-non-bid status code and the message (also in errors/warnings). */
  reject?: { code: number; error: Issue };
  /** For `ext.errors.{seat}`. */
  errors: Issue[];
  /** For `ext.warnings.{seat}`. */
  warnings: Issue[];
  metrics: ValidationMetric[];
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function sizeTooLarge(bid: BidLike, s: BidValidationSettings): boolean {
  return num(bid.w) > s.maxCreativeWidth || num(bid.h) > s.maxCreativeHeight;
}

/** G validateBidAdM: insecure scheme present and no secure one anywhere in the markup. */
export function isInsecureMarkup(adm: unknown): boolean {
  if (typeof adm !== 'string') return false;
  const insecure = adm.includes('http:') || adm.includes('http%3A');
  const secure = adm.includes('https:') || adm.includes('https%3A');
  return insecure && !secure;
}

interface Check {
  mode: ValidationMode;
  failed: boolean;
  metric: ValidationMetric['check'];
  messages: { enforce: string; warn: string };
  code: number;
}

/** Applies one mode-driven check; returns true when the bid is rejected. */
function runCheck(check: Check, verdict: BidVerdict): boolean {
  if (check.mode === 'skip' || !check.failed) return false;
  const enforce = check.mode === 'enforce';
  const error = {
    code: ISSUE_CODE.badServerResponse,
    message: enforce ? check.messages.enforce : check.messages.warn,
  };
  verdict.errors.push(error);
  verdict.metrics.push({ check: check.metric, outcome: enforce ? 'err' : 'warn' });
  if (enforce) verdict.reject = { code: check.code, error };
  return enforce;
}

/** Validates one bid; never throws. */
export function validateBid(input: ValidateBidInput): BidVerdict {
  const { bid, type, settings } = input;
  const verdict: BidVerdict = { errors: [], warnings: [], metrics: [] };
  if (input.request) {
    const dsaError = validateDsa(bid, input.request);
    if (dsaError !== undefined) {
      const warning = dsaWarning(dsaError);
      verdict.warnings.push(warning);
      verdict.reject = { code: REJECT_CODE.general, error: warning };
      return verdict;
    }
  }
  // A check that is off does not look at the bid (the markup scan reads the whole adm).
  const sizeMode = type === 'banner' ? settings.bannerCreativeMaxSize : 'skip';
  const sizeCheck: Check = {
    mode: sizeMode,
    failed: sizeMode !== 'skip' && sizeTooLarge(bid, settings),
    metric: 'size',
    messages: { enforce: VALIDATION_MESSAGE.sizeRejected, warn: VALIDATION_MESSAGE.sizeWarning },
    code: REJECT_CODE.sizeNotAllowed,
  };
  if (runCheck(sizeCheck, verdict)) return verdict;
  const secureMode =
    input.impKnown !== false && (type === 'banner' || type === 'video') ? settings.secureMarkup : 'skip';
  const secureCheck: Check = {
    mode: secureMode,
    failed: secureMode !== 'skip' && isInsecureMarkup(bid.adm),
    metric: 'secure',
    messages: { enforce: VALIDATION_MESSAGE.secureRejected, warn: VALIDATION_MESSAGE.secureWarning },
    code: REJECT_CODE.notSecure,
  };
  runCheck(secureCheck, verdict);
  return verdict;
}
