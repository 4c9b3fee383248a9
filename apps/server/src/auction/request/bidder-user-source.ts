// Per-bidder user and source (contract "Buyer ID rules" 1–3, "Supply chain rules"; notes §18
// buyeruid, eidpermissions, schain). Request-wide inputs are prepared once, then applied per bidder.
import type { BidRequest, Source, User } from '../../openrtb/types.js';
import type { ExtNamespace } from '../types.js';
import { childObject, isObject, type JsonObject } from './json-shape.js';
import { withProps, omitKeys } from '@gavel/common';

export interface BidderIdentity {
  /** Name as used in the request (alias or bidder code). */
  name: string;
  /** Code of the bidder whose adapter runs. */
  code: string;
  /** Syncer key of the `uids` cookie (`userSync.key ?? code`). */
  syncerKey: string;
}

export interface UserSourceShaper {
  user(id: BidderIdentity): User | undefined;
  source(id: BidderIdentity): Source | undefined;
}

/** source → lower-cased bidder names allowed to see that eid source ('*' = everybody). */
const NO_KEYS: readonly string[] = [];
const EXT_KEY: readonly string[] = ['ext'];
const EIDS_KEY: readonly string[] = ['eids'];

function readEidRules(nsExt: JsonObject | undefined): Map<string, Set<string>> {
  const rules = new Map<string, Set<string>>();
  const perms = childObject(nsExt, 'data')?.eidpermissions;
  if (!Array.isArray(perms)) return rules;
  for (const p of perms as unknown[]) {
    if (isObject(p) && typeof p.source === 'string' && Array.isArray(p.bidders)) {
      rules.set(
        p.source,
        new Set((p.bidders as unknown[]).filter((b) => typeof b === 'string').map((b) => b.toLowerCase())),
      );
    }
  }
  return rules;
}

/** Lower-cased bidder name → schain, plus the '*' entry. */
function readSchains(nsExt: JsonObject | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const list = nsExt?.schains;
  if (!Array.isArray(list)) return out;
  for (const entry of list as unknown[]) {
    if (!isObject(entry) || !Array.isArray(entry.bidders)) continue;
    for (const b of entry.bidders as unknown[])
      if (typeof b === 'string') out.set(b.toLowerCase(), entry.schain);
  }
  return out;
}

function filterEids(eids: unknown, rules: Map<string, Set<string>>, id: BidderIdentity): unknown {
  if (!Array.isArray(eids) || rules.size === 0) return eids;
  const name = id.name.toLowerCase();
  const code = id.code.toLowerCase();
  const kept = (eids as unknown[]).filter((e) => {
    const allowed = isObject(e) && typeof e.source === 'string' ? rules.get(e.source) : undefined;
    return !allowed || allowed.has('*') || allowed.has(name) || allowed.has(code);
  });
  return kept.length > 0 ? kept : undefined;
}

/** The chain with the host's node appended (never mutating the request's own chain). */
function appendNode(schain: unknown, node: Readonly<Record<string, unknown>>): JsonObject {
  const chain: JsonObject = isObject(schain) ? schain : { ver: '1.0' };
  const nodes = Array.isArray(chain.nodes) ? (chain.nodes as unknown[]) : [];
  return withProps(chain, { nodes: [...nodes, { ...node }] });
}

/** The user without the eids this bidder may not see (2.5 `user.ext.eids` and 2.6 `user.eids`). */
function userWithPermittedEids(user: User, rules: Map<string, Set<string>>, id: BidderIdentity): User {
  let out = user;
  if (out.ext && Array.isArray(out.ext.eids)) {
    const eids = filterEids(out.ext.eids, rules, id);
    out.ext = eids === undefined ? omitKeys(out.ext, EIDS_KEY) : withProps(out.ext, { eids });
    // The 2.5 ext that held only the (now removed) eids goes too, as if they were never moved.
    if (Object.keys(out.ext).length === 0) out = omitKeys(out, EXT_KEY);
  }
  if (Array.isArray(out.eids)) {
    const eids = filterEids(out.eids, rules, id);
    if (eids === undefined) out = omitKeys(out, EIDS_KEY);
    else out.eids = eids as unknown[];
  }
  return out;
}

/** The source carrying the chosen chain (else the request's own), with the host node appended. */
function sourceWithChain(
  source: unknown,
  chosen: unknown,
  hostNode: Readonly<Record<string, unknown>> | undefined,
): Source {
  const src = isObject(source) ? source : {};
  const srcExt = isObject(src.ext) ? src.ext : {};
  const base = chosen ?? srcExt.schain;
  const schain = hostNode ? appendNode(base, hostNode) : base;
  return withProps(src, { ext: withProps(srcExt, { schain }) });
}

/**
 * Prepares buyer-uid, eid and schain shaping for one request. `cookieUids` is the decoded `uids`
 * cookie (syncer key → uid), read lazily by the caller only when rule 3 can apply.
 */
export function createUserSourceShaper(
  request: BidRequest,
  ns: ExtNamespace,
  cookieUids: () => ReadonlyMap<string, string>,
  hostNode?: Readonly<Record<string, unknown>>,
): UserSourceShaper {
  const nsExt = childObject(request.ext, ns);
  const eidRules = readEidRules(nsExt);
  const schains = readSchains(nsExt);
  const wildcardSchain = schains.get('*');
  const user = isObject(request.user) ? request.user : undefined;
  const requestUid = typeof user?.buyeruid === 'string' && user.buyeruid !== '' ? user.buyeruid : undefined;
  const userExt = childObject(user, 'ext');
  const nsUser = childObject(userExt, ns);
  const buyeruids = new Map<string, string>();
  const rawUids = childObject(nsUser, 'buyeruids');
  if (rawUids)
    for (const [k, v] of Object.entries(rawUids))
      if (typeof v === 'string') buyeruids.set(k.toLowerCase(), v);
  // ext.<ns>.buyeruids never reaches a bidder: each sees only its own id in user.buyeruid.
  let baseExt: JsonObject | undefined = userExt;
  if (nsUser?.buyeruids !== undefined) {
    const { buyeruids: _omit, ...restNs } = nsUser;
    baseExt =
      Object.keys(restNs).length > 0 ? withProps(userExt, { [ns]: restNs }) : omitKeys(userExt ?? {}, [ns]);
  }
  const needsUserCopy =
    baseExt !== userExt || (eidRules.size > 0 && (Array.isArray(userExt?.eids) || Array.isArray(user?.eids)));

  return {
    user(id) {
      const uid =
        requestUid ??
        buyeruids.get(id.name.toLowerCase()) ??
        buyeruids.get(id.code.toLowerCase()) ??
        cookieUids().get(id.syncerKey);
      if (!needsUserCopy && (uid === undefined || uid === requestUid)) return request.user;
      // Copies without the keys to drop, not `delete` (@gavel/common objects.ts).
      // An ext the request wrote (even `{}`) is kept; one emptied by taking buyeruids out is not.
      const keepExt = baseExt !== undefined && (baseExt === userExt || Object.keys(baseExt).length > 0);
      let out: User = omitKeys(user ?? {}, keepExt ? NO_KEYS : EXT_KEY);
      if (uid !== undefined) out.buyeruid = uid;
      if (keepExt) out.ext = baseExt;
      if (eidRules.size > 0) out = userWithPermittedEids(out, eidRules, id);
      return out;
    },
    source(id) {
      // ext.<ns>.schains wins over source.ext.schain; the host node, when configured, is appended
      // to whichever chain the bidder gets (a new `ver 1.0` chain when there is none).
      const chosen = schains.get(id.name.toLowerCase()) ?? wildcardSchain;
      if (chosen === undefined && !hostNode) return request.source;
      return sourceWithChain(request.source, chosen, hostNode);
    },
  };
}
