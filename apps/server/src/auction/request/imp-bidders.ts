// imp[].ext bidder handling (notes §7 imp.ext rows, §17, §18): legacy imp.ext.<bidder> promotion
// into imp.ext.<ns>.bidder, ext.<ns>.bidderparams merge, known/disabled bidders, params schemas,
// stored auction/bid response shape rules.
import type { Imp } from '../../openrtb/types.js';
import type { ExtNamespace, ResponseIssue } from '../types.js';
import { resolveBidder, type BidderLookup } from './bidder-lookup.js';
import { isObject, type JsonObject } from './json-shape.js';
import { withProps } from '@gavel/common';
import { droppedImpWarning, handleInvalidBidder, type InvalidBiddersMode } from './invalid-bidders.js';

/** imp.ext keys that are never bidder names (upstream reserved names plus both namespaces). */
const RESERVED_IMP_EXT_KEYS: ReadonlySet<string> = new Set([
  'prebid',
  'core',
  'context',
  'data',
  'gpid',
  'skadn',
  'tid',
  'ae',
  'igs',
  'all',
  'general',
  'bidder',
  'ortb2imp',
]);

/** Warning codes (upstream): generic warning, bidder disabled on this host. */
export const WARNING_CODE = { generic: 10999, bidderDisabled: 6, invalidConsent: 10001 } as const;

export interface ImpBidderEnv {
  ns: ExtNamespace;
  registry: BidderLookup;
  aliases: Readonly<Record<string, string>>;
  /** ext.<ns>.bidderparams (request-level params per bidder). */
  bidderParams: JsonObject | undefined;
  /** Some imp carries a stored auction response: then every imp must (notes §17). */
  storedAuctionResponses: boolean;
  /** Unknown bidders and invalid params: 400 (`reject`) or dropped with a warning (`drop`). */
  invalidBidders: InvalidBiddersMode;
}

export interface ImpBidderResult {
  imp?: Imp;
  /** `drop` mode: the imp named bidders but none is valid, so it leaves the request (with a warning). */
  dropped?: boolean;
  /** Fatal problems; non-empty → 400. */
  errors: string[];
  warnings: ResponseIssue[];
}

function findBidderParams(
  bidderParams: JsonObject | undefined,
  name: string,
  code: string,
): JsonObject | undefined {
  if (!bidderParams) return undefined;
  const exact = bidderParams[name];
  if (isObject(exact)) return exact;
  for (const [k, v] of Object.entries(bidderParams)) {
    if (k.toLowerCase() === code.toLowerCase() && isObject(v)) return v;
  }
  return undefined;
}

/** What is wrong with an imp's ext.<ns>.storedbidresponse (see storedBidResponseError). */
type StoredBidResponseProblem = 'missing' | 'unnamedBidder';

function checkStoredBidResponses(
  nsImp: JsonObject,
  bidders: JsonObject,
): StoredBidResponseProblem | undefined {
  const sbr = nsImp.storedbidresponse;
  if (sbr === undefined || sbr === null) return undefined;
  if (!Array.isArray(sbr)) return 'missing';
  const names = Object.keys(bidders).map((b) => b.toLowerCase());
  for (const entry of sbr as unknown[]) {
    if (
      !isObject(entry) ||
      typeof entry.bidder !== 'string' ||
      typeof entry.id !== 'string' ||
      !entry.bidder ||
      !entry.id
    ) {
      return 'missing';
    }
    // Contract rule 2: a bidder without a stored bid response is called normally, so only the
    // converse is checked (a stored response for a bidder the imp does not name).
    if (!names.includes(entry.bidder.toLowerCase())) return 'unnamedBidder';
  }
  return undefined;
}

/** The 400 line for a storedbidresponse problem of imp `i`. */
function storedBidResponseError(
  problem: StoredBidResponseProblem,
  i: number,
  impId: string,
  ns: string,
): string {
  return problem === 'missing'
    ? `request.imp[${i}] has ext.${ns}.storedbidresponse specified, but "id" or/and "bidder" fields are missing `
    : `request validation failed. Stored bid responses are specified for imp ${impId}. Bidders specified in imp.ext should match with bidders specified in imp.ext.${ns}.storedbidresponse`;
}

interface SelectArgs {
  i: number;
  /** The legacy form (imp.ext.<bidder>): unknown names are not bidders, they stay in imp.ext. */
  promote: boolean;
  newExt: JsonObject;
  env: ImpBidderEnv;
  warnings: ResponseIssue[];
}

interface Selection {
  /** The valid bidders with their (merged) params. */
  bidders: JsonObject;
  /** How many names the imp gave. */
  named: number;
  /** `reject` mode: the 400 line. */
  error?: string;
}

/** Known, enabled bidders whose params pass their schema; the others per `env.invalidBidders`. */
function selectBidders(candidates: JsonObject, a: SelectArgs): Selection {
  const { i, env, warnings } = a;
  const { ns } = env;
  const bidders: JsonObject = {};
  let named = 0;
  // Object.keys, not Object.entries: no [key, value] array per bidder (V8 builds those in its runtime).
  for (const name of Object.keys(candidates)) {
    const params = candidates[name];
    named++;
    const resolved = resolveBidder(name, env.aliases, env.registry);
    if (!resolved && a.promote) {
      warnings.push({
        code: WARNING_CODE.generic,
        message: `request.imp[${i}].ext contains unknown bidder: '${name}', ignoring`,
      });
      a.newExt[name] = params;
      continue;
    }
    if (!resolved) {
      const message = `request.imp[${i}].ext.${ns}.bidder contains unknown bidder: ${name}. Did you forget an alias in request.ext.${ns}.aliases?`;
      const error = handleInvalidBidder(env.invalidBidders, { i, ns, name, message }, warnings);
      if (error) return { bidders, named, error };
      continue;
    }
    if (!resolved.entry.info.enabled) {
      warnings.push({
        code: WARNING_CODE.bidderDisabled,
        message: `Bidder "${name}" has been disabled on this instance of Prebid Server. Please work with the PBS host to enable this bidder again.`,
      });
      continue;
    }
    const reqParams = findBidderParams(env.bidderParams, name, resolved.entry.code);
    // Request-level params only fill top-level keys the imp's params lack (notes §18).
    const merged = reqParams && isObject(params) ? withProps(reqParams, params) : params;
    const problems = env.registry.validateParams(resolved.entry.code, merged);
    if (problems.length > 0) {
      const message = `request.imp[${i}].ext.${ns}.bidder.${name} failed validation.\n${problems.join('\n')}`;
      const error = handleInvalidBidder(env.invalidBidders, { i, ns, name, message }, warnings);
      if (error) return { bidders, named, error };
      continue;
    }
    bidders[name] = merged;
  }
  return { bidders, named };
}

/** Validates and normalises one imp's ext; `imp` has passed validateImpMedia. */
export function processImpBidders(imp: Imp, i: number, env: ImpBidderEnv): ImpBidderResult {
  const { ns } = env;
  const warnings: ResponseIssue[] = [];
  const fail = (msg: string): ImpBidderResult => ({ errors: [msg], warnings });
  const ext: unknown = imp.ext;
  if (ext === undefined || ext === null) return fail(`request.imp[${i}].ext is required`);
  if (!isObject(ext)) return fail(`request.imp[${i}].ext must be an object`);
  const rawNs = ext[ns];
  if (rawNs !== undefined && rawNs !== null && !isObject(rawNs))
    return fail(`request.imp[${i}].ext.${ns} must be an object`);
  const nsImp: JsonObject = isObject(rawNs) ? rawNs : {};
  const rawBidder = nsImp.bidder;
  if (rawBidder !== undefined && rawBidder !== null && !isObject(rawBidder)) {
    return fail(`request.imp[${i}].ext.${ns}.bidder must be an object`);
  }
  const newExt: JsonObject = {};
  let candidates: JsonObject;
  const promote = !isObject(rawBidder);
  if (promote) {
    candidates = {};
    for (const [k, v] of Object.entries(ext)) {
      if (RESERVED_IMP_EXT_KEYS.has(k) || k === ns) newExt[k] = v;
      else candidates[k] = v;
    }
  } else {
    Object.assign(newExt, ext);
    candidates = rawBidder;
  }

  const sar = nsImp.storedauctionresponse;
  if (sar !== undefined && sar !== null && (!isObject(sar) || typeof sar.id !== 'string' || sar.id === '')) {
    return fail(
      `request.imp[${i}] has ext.${ns}.storedauctionresponse specified, but "id" field is missing `,
    );
  }
  const hasSar = isObject(sar);
  if (env.storedAuctionResponses && !hasSar) {
    return fail(
      `request validation failed. The StoredAuctionResponse.ID field must be completely present with, or completely absent from, all impressions in request. No StoredAuctionResponse data found for request.imp[${i}].ext.${ns} \n`,
    );
  }

  const sel = selectBidders(candidates, { i, promote, newExt, env, warnings });
  if (sel.error) return fail(sel.error);
  const { bidders } = sel;
  if (!hasSar && Object.keys(bidders).length === 0) {
    if (env.invalidBidders === 'drop' && sel.named > 0) {
      warnings.push(droppedImpWarning(i, imp.id));
      return { dropped: true, errors: [], warnings };
    }
    return { errors: [`request.imp[${i}].ext.${ns}.bidder must contain at least one bidder`], warnings };
  }
  const sbrProblem = checkStoredBidResponses(nsImp, bidders);
  if (sbrProblem) return fail(storedBidResponseError(sbrProblem, i, imp.id, ns));
  newExt[ns] = 'bidder' in nsImp ? { ...nsImp, bidder: bidders } : withProps(nsImp, { bidder: bidders });
  // Spreads over keys the objects have: V8's fast clone (@gavel/common objects.ts).
  return {
    imp: 'ext' in imp ? { ...imp, ext: newExt } : withProps(imp, { ext: newExt }),
    errors: [],
    warnings,
  };
}
