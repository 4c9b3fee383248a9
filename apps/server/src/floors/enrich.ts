// Floors signalling (G floors/floors.go EnrichWithPriceFloors): resolve the floors in use, pick the
// rule matching each imp, write imp.bidfloor / bidfloorcur (+ imp.ext.<ns>.floors) and rewrite
// ext.<ns>.floors with what was used. Pure: a new request is returned; bad input gives errors.
import { withProps } from '@gavel/common';
import type { BidRequest, Imp } from '../openrtb/types.js';
import { minFloorValue, round4 } from './floor-min.js';
import { cleanGroupKept, findRuleKept, parseFloorRulesKept } from './memo.js';
import { field, isObj } from './parse.js';
import { resolveFloors } from './resolve.js';
import { ruleKeyValues } from './rule-key.js';
import { shouldSkip } from './select.js';
import type { FloorsSettings } from './settings.js';
import type {
  ConvertFn,
  FetchedFloors,
  ImpFloorsExt,
  PriceFloorModelGroup,
  PriceFloorRules,
  RandomFn,
} from './types.js';
import { DEFAULT_DELIMITER } from './validate.js';
import { floorsWire } from './wire.js';

export interface EnrichInput {
  request: BidRequest;
  /** The ext namespace: `core` or `prebid`. */
  ns: string;
  settings: FloorsSettings;
  /** What the floors fetcher holds for the account (consulted when the account uses dynamic data). */
  fetched?: FetchedFloors;
  convert: ConvertFn;
  random: RandomFn;
}

export interface EnrichResult {
  request: BidRequest;
  /** Upstream's messages (G returns them as request errors, code 999). */
  errors: string[];
}

export const FLOORS_DISABLED = 'Floors feature is disabled at account or in the request';

interface ImpEnv {
  request: BidRequest;
  ns: string;
  rules: PriceFloorRules;
  group: PriceFloorModelGroup;
  values: Readonly<Record<string, number>>;
  convert: ConvertFn;
}

/** imp.ext with ext.<ns>.floors set (new objects; the imp's own are left as they are). */
function extWithFloors(imp: Imp, ns: string, floors: ImpFloorsExt): Imp['ext'] {
  const ext = isObj(imp.ext) ? imp.ext : {};
  const nsExt = isObj(ext[ns]) ? ext[ns] : {};
  return withProps(ext, { [ns]: withProps(nsExt, { floors }) });
}

/** One imp's floor: the matched rule (else the default), raised to the floor minimum. */
function floorImp(imp: Imp, env: ImpEnv, errors: string[]): Imp {
  const fields = env.group.schema.fields ?? [];
  const delimiter = env.group.schema.delimiter || DEFAULT_DELIMITER;
  const matched = findRuleKept(env.values, delimiter, ruleKeyValues(fields, env.request, imp, env.ns));
  const ruleValue = matched !== undefined ? (env.values[matched] ?? 0) : (env.group.default ?? 0);
  if (ruleValue === 0) return imp;
  const min = minFloorValue(env.rules, imp, env.ns, env.convert);
  if (min.error !== undefined) {
    errors.push(min.error);
    return imp;
  }
  const floorValue = round4(ruleValue);
  // Doubles compare as the decimals they stand for (shortest forms keep their order): no Decimal.
  const bidfloor = min.floorMin > 0 && floorValue < min.floorMin ? min.floorMin : floorValue;
  const floor = { bidfloor, bidfloorcur: min.floorCur };
  if (matched === undefined) return withProps(imp, floor);
  // One copy of the imp: the floor, then its ext (the key order of two copies in turn).
  const floors = { floorrule: matched, floorrulevalue: floorValue, floorvalue: bidfloor };
  return withProps(imp, floor, { ext: extWithFloors(imp, env.ns, floors) });
}

/** Skip decision, rule-key validation and the imps (G updateBidRequestWithFloors). */
function applyRules(
  input: EnrichInput,
  rules: PriceFloorRules,
): { imps: Imp[]; rules: PriceFloorRules; errors: string[] } {
  const imps = input.request.imp;
  const group = rules.data?.modelgroups?.[0];
  if (!rules.data || !group) return { imps, rules, errors: [] };
  const rates = {
    modelGroup: group.skiprate ?? 0,
    data: rules.data.skiprate ?? 0,
    root: rules.skiprate ?? 0,
  };
  if (shouldSkip(rates, input.random))
    return { imps, rules: withProps(rules, { skipped: true }), errors: [] };

  const { group: cleanGroup, values, empty, errors } = cleanGroupKept(group);
  const used = withProps(rules, {
    skipped: false,
    data: withProps(rules.data, { modelgroups: [cleanGroup] }),
  });
  if (empty) return { imps, rules: used, errors };
  const env: ImpEnv = {
    request: input.request,
    ns: input.ns,
    rules: used,
    group: cleanGroup,
    values,
    convert: input.convert,
  };
  return { imps: imps.map((imp) => floorImp(imp, env, errors)), rules: used, errors };
}

function readRequestFloors(
  request: BidRequest,
  ns: string,
): { raw: unknown; parsed?: PriceFloorRules; error?: string } {
  const nsExt = request.ext?.[ns];
  const raw = isObj(nsExt) ? field(nsExt, 'floors') : undefined;
  if (raw === undefined) return { raw };
  const parsed = parseFloorRulesKept(raw, `ext.${ns}.floors`);
  if (parsed.ok) return { raw, parsed: parsed.value };
  return {
    raw,
    error: `Price floors processing failed: parsing of request price floors is failed: ${parsed.error}`,
  };
}

function withRequestFloors(request: BidRequest, ns: string, imps: Imp[], rules: PriceFloorRules): BidRequest {
  const ext = isObj(request.ext) ? request.ext : {};
  const nsExt = isObj(ext[ns]) ? ext[ns] : {};
  const floors = floorsWire(rules);
  // Spreads over keys the objects have: V8's fast clone (@gavel/common objects.ts).
  const newNs = 'floors' in nsExt ? { ...nsExt, floors } : withProps(nsExt, { floors });
  const newExt = withProps(ext, { [ns]: newNs });
  return 'ext' in request && 'imp' in request
    ? { ...request, imp: imps, ext: newExt }
    : withProps(request, { imp: imps, ext: newExt });
}

/**
 * Signals floors in the request: per imp bidfloor/bidfloorcur and imp.ext.<ns>.floors, and the
 * request's ext.<ns>.floors rewritten (location, fetchstatus, skipped, the one model group used).
 * Host switch off → the request unchanged, no errors. Never throws.
 */
export function enrichWithPriceFloors(input: EnrichInput): EnrichResult {
  const { request, ns, settings } = input;
  if (!isObj(request) || !Array.isArray(request.imp)) return { request, errors: ['Empty bidrequest'] };
  if (!settings.hostEnabled) return { request, errors: [] };
  const fromRequest = readRequestFloors(request, ns);
  const requestDisabled = isObj(fromRequest.raw) && field(fromRequest.raw, 'enabled') === false;
  if (!settings.account.enabled || requestDisabled) return { request, errors: [FLOORS_DISABLED] };

  const resolved = resolveFloors({
    ns,
    account: settings.account,
    requestFloors: fromRequest.parsed,
    ...(input.fetched ? { fetched: input.fetched } : {}),
    convert: input.convert,
    random: input.random,
  });
  const applied = applyRules(input, resolved.rules);
  const errors = [...(fromRequest.error ? [fromRequest.error] : []), ...resolved.errors, ...applied.errors];
  return { request: withRequestFloors(request, ns, applied.imps, applied.rules), errors };
}
