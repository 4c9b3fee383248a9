// Digital Services Act checks (G dsa/validate.go, dsa/writer.go). The request's `regs.ext.dsa`
// says whether bids must carry `bid.ext.dsa`; a bid's DSA object is checked for its lengths and its
// render intention against the publisher's. An account may give a default DSA object that is written
// into requests without one (only when GDPR is in scope if `gdpr_only`).
import { ISSUE_CODE, isRecord, type BidLike, type RequestWithRegs } from './types.js';

/** `regs.ext.dsa` as upstream reads it (G openrtb_ext.ExtRegsDSA). */
export interface RegsDsa {
  dsarequired?: number;
  pubrender?: number;
  datatopub?: number;
  transparency?: { domain?: string; dsaparams?: number[] }[];
}

/** `bid.ext.dsa` fields upstream reads (G openrtb_ext.ExtBidDSA). */
export interface BidDsa {
  adrender?: number;
  behalf?: string;
  paid?: string;
}

export interface AccountDsaSettings {
  /** The default written into requests, normalised to the four upstream fields. */
  default?: RegsDsa;
  /** Write the default only when GDPR is in scope. */
  gdprOnly: boolean;
}

/** Upstream's error texts (G dsa.Err*); a bid failing is dropped with warning `bid rejected: <text>`. */
export const DSA_ERROR = {
  missing: 'DSA object missing when required',
  behalfTooLong: 'DSA behalf exceeds limit of 100 chars',
  paidTooLong: 'DSA paid exceeds limit of 100 chars',
  neitherWillRender: 'DSA publisher and buyer both signal will not render',
  bothWillRender: 'DSA publisher and buyer both signal will render',
} as const;

const REQUIRED = 2;
const REQUIRED_ONLINE_PLATFORM = 3;
const PUB_CANNOT_RENDER = 0;
const PUB_WILL_RENDER = 2;
const AD_WILL_RENDER = 1;
const MAX_TEXT_BYTES = 100;

const isInt8 = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= -128 && v <= 127;

function readTransparency(v: unknown): RegsDsa['transparency'] | null {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) return null;
  const out: NonNullable<RegsDsa['transparency']> = [];
  for (const t of v) {
    if (t === null) {
      out.push({});
      continue;
    }
    if (!isRecord(t)) return null;
    const { domain, dsaparams } = t;
    if (domain !== undefined && domain !== null && typeof domain !== 'string') return null;
    if (dsaparams !== undefined && dsaparams !== null) {
      if (!Array.isArray(dsaparams) || !dsaparams.every((p) => Number.isInteger(p))) return null;
    }
    const entry: { domain?: string; dsaparams?: number[] } = {};
    if (typeof domain === 'string' && domain !== '') entry.domain = domain;
    if (Array.isArray(dsaparams) && dsaparams.length > 0) entry.dsaparams = dsaparams as number[];
    out.push(entry);
  }
  return out;
}

/**
 * A DSA object in upstream's typed form (G field order, empty fields dropped), or undefined when it
 * is absent or has a field of the wrong type (upstream fails to decode it and ignores it).
 */
export function normaliseRegsDsa(v: unknown): RegsDsa | undefined {
  if (!isRecord(v)) return undefined;
  const out: RegsDsa = {};
  for (const key of ['dsarequired', 'pubrender', 'datatopub'] as const) {
    const n = v[key];
    if (n === undefined || n === null) continue;
    if (!isInt8(n)) return undefined;
    out[key] = n;
  }
  const transparency = readTransparency(v['transparency']);
  if (transparency === null) return undefined;
  if (transparency && transparency.length > 0) out.transparency = transparency;
  return out;
}

/** `regs.ext.dsa` of a request, or undefined (absent or undecodable, as G getReqDSA). */
export function readRequestDsa(request: RequestWithRegs | undefined): RegsDsa | undefined {
  const ext = request?.regs?.ext;
  return isRecord(ext) ? normaliseRegsDsa(ext['dsa']) : undefined;
}

/** True when `regs.ext.dsa.dsarequired` is 2 (required) or 3 (required, online platform). */
export function dsaRequired(request: RequestWithRegs | undefined): boolean {
  const required = readRequestDsa(request)?.dsarequired;
  return required === REQUIRED || required === REQUIRED_ONLINE_PLATFORM;
}

/** `bid.ext.dsa`, or undefined when absent or of the wrong shape. */
export function readBidDsa(bid: BidLike | undefined): BidDsa | undefined {
  const ext = bid?.ext;
  if (!isRecord(ext) || !isRecord(ext['dsa'])) return undefined;
  const { adrender, behalf, paid } = ext['dsa'];
  if (adrender !== undefined && adrender !== null && !isInt8(adrender)) return undefined;
  if (behalf !== undefined && behalf !== null && typeof behalf !== 'string') return undefined;
  if (paid !== undefined && paid !== null && typeof paid !== 'string') return undefined;
  const out: BidDsa = {};
  if (typeof adrender === 'number') out.adrender = adrender;
  if (typeof behalf === 'string') out.behalf = behalf;
  if (typeof paid === 'string') out.paid = paid;
  return out;
}

/** G dsa.Validate: the error text of a bid failing the request's DSA rules, or undefined. */
export function validateDsa(
  bid: BidLike | undefined,
  request: RequestWithRegs | undefined,
): string | undefined {
  const reqDsa = readRequestDsa(request);
  const bidDsa = readBidDsa(bid);
  const required = reqDsa?.dsarequired === REQUIRED || reqDsa?.dsarequired === REQUIRED_ONLINE_PLATFORM;
  if (!bidDsa) return required ? DSA_ERROR.missing : undefined;
  // Upstream measures bytes (Go len), not characters.
  if (Buffer.byteLength(bidDsa.behalf ?? '', 'utf8') > MAX_TEXT_BYTES) return DSA_ERROR.behalfTooLong;
  if (Buffer.byteLength(bidDsa.paid ?? '', 'utf8') > MAX_TEXT_BYTES) return DSA_ERROR.paidTooLong;
  const pub = reqDsa?.pubrender;
  const ad = bidDsa.adrender;
  if (pub === undefined || ad === undefined) return undefined;
  if (pub === PUB_CANNOT_RENDER && ad !== AD_WILL_RENDER) return DSA_ERROR.neitherWillRender;
  if (pub === PUB_WILL_RENDER && ad === AD_WILL_RENDER) return DSA_ERROR.bothWillRender;
  return undefined;
}

/** The warning upstream adds to `ext.warnings.{seat}` for a DSA failure. */
export function dsaWarning(error: string): { code: number; message: string } {
  return { code: ISSUE_CODE.dsaWarning, message: `bid rejected: ${error}` };
}

/** G account load error for an undecodable `privacy.dsa.default`. */
export function malformedAccountDsaMessage(accountId: string): string {
  return `The prebid-server account config DSA for account id "${accountId}" is malformed. Please reach out to the prebid server host.`;
}

/**
 * Reads an account's `privacy.dsa` block: `default` is a JSON string (G) or an object, `gdpr_only` a
 * boolean. `error` = undecodable block (upstream rejects the account as malformed).
 */
export function parseAccountDsa(raw: unknown): { value?: AccountDsaSettings; error?: string } {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) return { error: 'privacy.dsa must be an object' };
  const gdprOnly = raw['gdpr_only'] ?? false;
  if (typeof gdprOnly !== 'boolean') return { error: 'privacy.dsa.gdpr_only must be a boolean' };
  let def: unknown = raw['default'];
  if (typeof def === 'string') {
    if (def === '') def = undefined;
    else {
      try {
        def = JSON.parse(def) as unknown;
      } catch {
        return { error: 'privacy.dsa.default is not valid JSON' };
      }
    }
  }
  if (def === undefined || def === null) return { value: { gdprOnly } };
  const normalised = normaliseRegsDsa(def);
  if (!normalised) return { error: 'privacy.dsa.default is not a valid DSA object' };
  return { value: { default: normalised, gdprOnly } };
}

export interface ApplyDefaultDsaInput<R extends RequestWithRegs> {
  request: R;
  dsa: AccountDsaSettings | undefined;
  /** GDPR applies and is enforced for this request (G AuctionRequest.GDPREnforced). */
  gdprInScope: boolean;
}

/**
 * G dsa.Writer: the account's default DSA object written to `regs.ext.dsa` when the request has
 * none. Returns the request itself when nothing changes, else a copy (the input is never mutated).
 */
export function applyDefaultDsa<R extends RequestWithRegs>({
  request,
  dsa,
  gdprInScope,
}: ApplyDefaultDsaInput<R>): R {
  if (readRequestDsa(request) !== undefined) return request;
  if (!dsa?.default || (dsa.gdprOnly && !gdprInScope)) return request;
  const regs = request.regs;
  const ext = regs?.ext;
  if (ext !== undefined && ext !== null && !isRecord(ext)) return request;
  // An undecodable `dsa` is left alone (upstream fails the auction there; never clobber it).
  if (isRecord(ext) && ext['dsa'] !== undefined && ext['dsa'] !== null) return request;
  const copy = structuredClone(dsa.default);
  return { ...request, regs: { ...regs, ext: { ...ext, dsa: copy } } };
}
