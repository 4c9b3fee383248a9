// Request side, once per auction (G collect + getValueFromBidRequest + reqcache): static values and
// request lookups are resolved here, in rule order, so every bid reuses them; response rules are
// only prepared. A `bidrequest` path is tried as, in this order:
//   `ext.{ns}.amp.data.<name>` → the AMP query parameter <name> (missing or empty: not found);
//   `imp.<path>`               → <path> in every imp, by imp id (the first imp that fails fails the rule);
//   anything else              → the path in the whole request.
// Within each group a later rule with the same key replaces an earlier one (G map semantics).
import type { BidRequest, Imp } from '../openrtb/types.js';
import { lookupDotPath, notFoundMessage, typedLookup } from './lookup.js';
import { warning, type AdServerTargetingRule, type AdServerTargetingWarning } from './types.js';

/** One request-side value: the same for every bid, or per imp id. */
export type RequestValue = { single: string } | { byImp: ReadonlyMap<string, string> };

export interface ResponseRule {
  key: string;
  path: string;
}

export interface Collected {
  requestValues: Map<string, RequestValue>;
  responseRules: ResponseRule[];
  warnings: AdServerTargetingWarning[];
}

export interface CollectInput {
  ns: string;
  rules: readonly AdServerTargetingRule[];
  request: BidRequest;
  ampQuery?: Readonly<Record<string, string>>;
}

type Resolved = { ok: true; value: RequestValue } | { ok: false; error: string };

/** jsonparser's KeyPathNotFoundError text: G's warning when an imp has no id or the request no imp list. */
const KEY_PATH_NOT_FOUND = 'Key path not found';
const IMP_PREFIX = 'imp.';

/** The imps with their ids, read once per request (G requestCache). */
class ImpIndex {
  private entries: Array<{ id: string; imp: Imp }> | string | undefined;
  constructor(private readonly request: BidRequest) {}

  /** The imps in request order, or G's error text. */
  get(): Array<{ id: string; imp: Imp }> | string {
    this.entries ??= ImpIndex.read(this.request);
    return this.entries;
  }

  private static read(request: BidRequest): Array<{ id: string; imp: Imp }> | string {
    const imps: unknown = request.imp;
    if (!Array.isArray(imps)) return KEY_PATH_NOT_FOUND;
    const out: Array<{ id: string; imp: Imp }> = [];
    for (const imp of imps as Imp[]) {
      const id: unknown = imp?.id;
      if (id === undefined || id === null) return KEY_PATH_NOT_FOUND;
      out.push({ id: typeof id === 'string' ? id : JSON.stringify(id), imp });
    }
    return out;
  }
}

function fromAmp(path: string, name: string, ampQuery: CollectInput['ampQuery']): Resolved {
  const v = ampQuery !== undefined && Object.hasOwn(ampQuery, name) ? ampQuery[name] : undefined;
  if (typeof v === 'string' && v !== '') return { ok: true, value: { single: v } };
  return { ok: false, error: notFoundMessage(path) };
}

/** undefined: no imps, so G falls back to the whole request. */
function fromImps(path: string, imps: ImpIndex): Resolved | undefined {
  const entries = imps.get();
  if (typeof entries === 'string') return { ok: false, error: entries };
  if (entries.length === 0) return undefined;
  const segments = path.slice(IMP_PREFIX.length).split('.');
  const byImp = new Map<string, string>();
  for (const { id, imp } of entries) {
    const found = typedLookup(imp, path, segments);
    if (!found.ok) return found;
    byImp.set(id, found.value);
  }
  return { ok: true, value: { byImp } };
}

function fromRequest(path: string, input: CollectInput, imps: ImpIndex): Resolved {
  const ampPrefix = `ext.${input.ns}.amp.data.`;
  if (path.startsWith(ampPrefix)) return fromAmp(path, path.slice(ampPrefix.length), input.ampQuery);
  if (path.startsWith(IMP_PREFIX)) {
    const fromImp = fromImps(path, imps);
    if (fromImp !== undefined) return fromImp;
  }
  const found = lookupDotPath(input.request, path);
  return found.ok ? { ok: true, value: { single: found.value } } : found;
}

/** Static and request values, the response rules, and the request-side warnings in rule order. */
export function collect(input: CollectInput): Collected {
  const requestValues = new Map<string, RequestValue>();
  const responseRules: ResponseRule[] = [];
  const warnings: AdServerTargetingWarning[] = [];
  const imps = new ImpIndex(input.request);
  for (const rule of input.rules) {
    if (rule.source === 'static') requestValues.set(rule.key, { single: rule.value });
    else if (rule.source === 'bidresponse') responseRules.push({ key: rule.key, path: rule.value });
    else {
      const resolved = fromRequest(rule.value, input, imps);
      if (resolved.ok) requestValues.set(rule.key, resolved.value);
      else warnings.push(warning(resolved.error));
    }
  }
  return { requestValues, responseRules, warnings };
}
