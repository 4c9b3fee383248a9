// Pipeline step 6: one shaped copy of the request per bidder/alias (notes §18; contract "Alias
// rules", "Buyer ID rules", "Supply chain rules", "Stored responses" 2). Shallow copies with a
// rewritten imp array, never a deep clone per bidder (performance-notes).
import { ERROR_CODE, type MediaType } from '../../bidders/types.js';
import type { BidRequest, Imp } from '../../openrtb/types.js';
import type { AuctionContext, BidderRequest, ResponseIssue } from '../types.js';
import {
  readAliases,
  resolveBidder,
  type BidderLookup,
  type ResolvedBidder,
} from '../request/bidder-lookup.js';
import { bidderImpExt, bidderRequestExt } from '../request/bidder-ext.js';
import { createUserSourceShaper, type UserSourceShaper } from '../request/bidder-user-source.js';
import { childObject, isObject } from '../request/json-shape.js';
import { readUidsCookie, UIDS_COOKIE } from '../request/uids-cookie.js';
import { downgradeTo25 } from '../request/ortb25-downgrade.js';
import { withLegacyPrivacyFromGpp } from '../request/gpp-legacy.js';
import { bidderImp, withBidderFpd, type SplitFpd } from '../request/bidder-fpd.js';
import type { BidderInfo } from '../../bidders/info.js';
import { withProps, omitKeys } from '@gavel/common';
import { formatCount, preferredMediaTypeOf, reduceToPreferred } from '../request/preferred-media-type.js';

export interface SplitEnv {
  registry: BidderLookup;
  /**
   * Stored bid responses resolved by step 1: imp id → bidder name (matched case-insensitively)
   * → stored body in the bidder's own response format.
   */
  storedBidResponses?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Imps answered by stored auction responses (resolved by the endpoint part): no bidder gets them. */
  storedAuctionImps?: ReadonlySet<string>;
  /** The host's supply-chain node, appended to every bidder's schain (config `auction.host-schain-node`). */
  hostSchainNode?: Readonly<Record<string, unknown>>;
  /** First-party data of the auction (steps/first-party-data.ts); absent → none. */
  fpd?: SplitFpd;
}

export interface SplitResult {
  requests: BidderRequest[];
  warnings: ResponseIssue[];
  /** Per bidder/alias name: imps or media types its capabilities do not cover (code 2). */
  errors: Record<string, ResponseIssue[]>;
  /** Per bidder/alias name: media types removed from multi-format imps (preferred-media-type.ts). */
  bidderWarnings: Record<string, ResponseIssue[]>;
}

const MEDIA_TYPES: readonly MediaType[] = ['banner', 'video', 'audio', 'native'];
const EXT_AND_USER = ['ext', 'user'] as const;
const EXT = ['ext'] as const;
const USER = ['user'] as const;
const NONE = [] as const;

function storedBody(stored: SplitEnv['storedBidResponses'], impId: string, name: string): string | undefined {
  const perBidder = stored?.[impId];
  if (!perBidder) return undefined;
  const exact = perBidder[name];
  if (exact !== undefined) return exact;
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(perBidder)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

const RWDD = ['rwdd'] as const;

/** The bidder's imp: its ext, and imp.rwdd only where its OpenRTB version places the flag. */
function shapedImp(imp: Imp, ext: { ext: Imp['ext']; rwdd?: unknown }): Imp {
  const base: Imp = imp.rwdd === undefined ? imp : omitKeys(imp, RWDD);
  // A spread that only replaces a key the imp has is V8's fast clone (@gavel/common objects.ts).
  if (ext.rwdd === undefined)
    return 'ext' in base ? { ...base, ext: ext.ext } : withProps(base, { ext: ext.ext });
  return withProps(base, { ext: ext.ext, rwdd: ext.rwdd });
}

interface BuildArgs {
  ctx: AuctionContext;
  env: SplitEnv;
  resolved: ResolvedBidder;
  impIndexes: number[];
  base: ShapingBase;
  issues: ResponseIssue[];
  warnings: ResponseIssue[];
}

/** The request a bidder's copy starts from (2.5 or 2.6 field placement) and its user/source shaper. */
interface ShapingBase {
  request: BidRequest;
  shaper: UserSourceShaper;
  version: '2.5' | '2.6';
}

/** The imp without the media types `caps` lacks (an issue each); undefined when none is left. */
function supportedMediaOnly(
  imp: Imp,
  index: number,
  caps: readonly MediaType[],
  issues: ResponseIssue[],
): Imp | undefined {
  let shaped: Imp = imp;
  let kept = 0;
  for (const type of MEDIA_TYPES) {
    if (imp[type] === undefined || imp[type] === null) continue;
    if (caps.includes(type)) {
      kept++;
      continue;
    }
    shaped = omitKeys(shaped, [type]);
    issues.push({
      code: ERROR_CODE.badInput,
      message: `request.imp[${index}] uses ${type}, but this bidder doesn't support it`,
    });
  }
  if (kept > 0) return shaped;
  issues.push({
    code: ERROR_CODE.badInput,
    message: `request.imp[${index}] has no supported MediaTypes. It will be ignored`,
  });
  return undefined;
}

interface FormatArgs {
  ctx: AuctionContext;
  resolved: ResolvedBidder;
  issues: ResponseIssue[];
  warnings: ResponseIssue[];
}

/** A multi-format imp for a bidder without multi-format support, reduced to its preferred type. */
function singleFormatFor(imp: Imp, a: FormatArgs): Imp | undefined {
  if (a.resolved.entry.info.multiformatSupported !== false || formatCount(imp) < 2) return imp;
  const preferred = preferredMediaTypeOf(a.resolved.name, {
    nsExt: childObject(a.ctx.request.ext, a.ctx.ns),
    account: a.ctx.account.preferredMediaType,
  });
  const reduced = reduceToPreferred(imp, preferred);
  a.issues.push(...reduced.errors);
  a.warnings.push(...reduced.warnings);
  return reduced.imp;
}

/** The bidder's imps (media types it covers, its params) and the stored bodies that replace its calls. */
function bidderImps(a: BuildArgs, caps: readonly MediaType[]) {
  const { ctx, env, resolved, impIndexes, base, issues, warnings } = a;
  const { request, ns } = ctx;
  const { name } = resolved;
  const imps: Imp[] = [];
  let stored: Record<string, string> | undefined;
  for (const i of impIndexes) {
    const imp = bidderImp(request.imp[i] as Imp, i, name, ns);
    const supported = supportedMediaOnly(imp, i, caps, issues);
    const shaped = supported && singleFormatFor(supported, { ctx, resolved, issues, warnings });
    if (!shaped) continue;
    const body = storedBody(env.storedBidResponses, imp.id, name);
    // Contract "Stored responses" 2: the stored body replaces this bidder's answer for the imp,
    // and its params are removed.
    if (body !== undefined) (stored ??= {})[imp.id] = body;
    const params = body === undefined ? childObject(childObject(imp.ext, ns), 'bidder')?.[name] : undefined;
    imps.push(shapedImp(shaped, bidderImpExt({ imp, ns, params, version: base.version })));
  }
  return { imps, stored };
}

interface CopyParts {
  imps: Imp[];
  ext: BidRequest['ext'] | undefined;
  user: BidRequest['user'] | undefined;
  source: BidRequest['source'] | undefined;
}

/**
 * The bidder's copy of the request: its imps, ext, user and source over the base, an undefined ext
 * or user left out. A spread when that only replaces keys the base has (V8's fast clone); otherwise
 * a copy without the keys to drop rather than a `delete` (@gavel/common objects.ts).
 */
function bidderCopy(request: BidRequest, { imps, ext, user, source }: CopyParts): BidRequest {
  const keeps = (key: 'ext' | 'user', v: unknown) => key in request === (v !== undefined);
  const out: BidRequest =
    keeps('ext', ext) && keeps('user', user) && (source === undefined || 'source' in request)
      ? { ...request, imp: imps }
      : omitKeys(
          request,
          ext === undefined ? (user === undefined ? EXT_AND_USER : EXT) : user === undefined ? USER : NONE,
        );
  out.imp = imps;
  if (ext !== undefined) out.ext = ext;
  if (user !== undefined) out.user = user;
  if (source !== undefined) out.source = source;
  return out;
}

function buildBidderRequest({
  ctx,
  env,
  resolved,
  impIndexes,
  base,
  issues,
  warnings,
}: BuildArgs): BidderRequest | undefined {
  const { request, ns } = ctx;
  const { name, entry, isAlias } = resolved;
  const platform = request.app ? 'app' : !request.site && isObject(request.dooh) ? 'dooh' : 'site';
  const caps = entry.info.capabilities[platform];
  if (!caps || caps.length === 0) {
    issues.push({ code: ERROR_CODE.badInput, message: `This bidder does not support ${platform} requests` });
    return undefined;
  }
  const { imps, stored } = bidderImps({ ctx, env, resolved, impIndexes, base, issues, warnings }, caps);
  if (imps.length === 0) {
    issues.push({ code: ERROR_CODE.badInput, message: 'Bidder does not support any media types.' });
    return undefined;
  }
  const id = { name, code: entry.code, syncerKey: entry.info.userSync?.key ?? entry.code };
  const { shaper } = base;
  const ext = bidderRequestExt({
    ext: request.ext,
    ns,
    bidder: name,
    isAlias,
    accountAlternateCodes: ctx.account.alternateBidderCodes,
  });
  const out = bidderCopy(base.request, { imps, ext, user: shaper.user(id), source: shaper.source(id) });
  const result: BidderRequest = {
    bidder: name,
    adapterCode: entry.code,
    request: withBidderFpd(out, { fpd: env.fpd, bidder: name, isAlias, ns, version: base.version }),
  };
  if (stored) result.storedBidResponses = stored;
  return result;
}

export function splitBidders(ctx: AuctionContext, env: SplitEnv): SplitResult {
  const { ns } = ctx;
  const request = env.fpd?.request ?? ctx.request;
  const aliases = readAliases(childObject(request.ext, ns));
  // bidder name → indexes of the imps naming it, in request order.
  const byBidder = new Map<string, number[]>();
  request.imp.forEach((imp, i) => {
    const nsImp = childObject(imp.ext, ns);
    // Contract "Stored responses" 1: nothing is sent to any bidder for such an imp.
    if (!nsImp || env.storedAuctionImps?.has(imp.id)) return;
    const bidders = childObject(nsImp, 'bidder');
    if (!bidders) return;
    for (const name of Object.keys(bidders)) {
      const list = byBidder.get(name);
      if (list) list.push(i);
      else byBidder.set(name, [i]);
    }
  });
  let cookie: ReadonlyMap<string, string> | undefined;
  const cookieUids = () => (cookie ??= readUidsCookie(ctx.http.cookies[UIDS_COOKIE]));
  // At most four bases (2.5/2.6 × GPP read or not), each built once and shared by its bidders.
  const bases = new Map<string, ShapingBase>();
  const baseFor = (info: BidderInfo): ShapingBase => {
    const version = info.openrtbVersion === '2.6' ? '2.6' : '2.5';
    const key = `${version}/${info.gppSupported === true}`;
    let base = bases.get(key);
    if (!base) {
      const legacy = info.gppSupported === true ? request : withLegacyPrivacyFromGpp(request);
      const shaped = version === '2.6' ? legacy : downgradeTo25(legacy);
      base = {
        request: shaped,
        shaper: createUserSourceShaper(shaped, ns, cookieUids, env.hostSchainNode),
        version,
      };
      bases.set(key, base);
    }
    return base;
  };
  const requests: BidderRequest[] = [];
  const errors: Record<string, ResponseIssue[]> = {};
  const bidderWarnings: Record<string, ResponseIssue[]> = {};
  for (const [name, impIndexes] of byBidder) {
    const resolved = resolveBidder(name, aliases, env.registry);
    if (!resolved || !resolved.entry.info.enabled) continue; // validation already reported it
    const issues: ResponseIssue[] = [];
    const warnings: ResponseIssue[] = [];
    const base = baseFor(resolved.entry.info);
    const br = buildBidderRequest({ ctx, env, resolved, impIndexes, base, issues, warnings });
    if (br) requests.push(br);
    if (issues.length > 0) errors[name] = issues;
    if (warnings.length > 0) bidderWarnings[name] = warnings;
  }
  return { requests, warnings: [], errors, bidderWarnings };
}
