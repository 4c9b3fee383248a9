// The US privacy module (J `iab.usgeneral`: USNatModuleCreator, USNatModule, USNatSyncUser,
// USNatTransmitUfpd, USNatTransmitGeo; G has no such module). For each section id of `gpp_sid` that
// is US National (7) or one of the states J maps (8–12) and not skipped, the section (read as
// national fields, us-view.ts) allows or denies: syncUser / enrichUfpd, transmitUfpd, and
// transmitPreciseGeo; the other activities abstain. Sections combine as J's AndRule: a deny wins.
import type { ActivityName, PrivacyModuleEvaluator, RuleResult } from '../activities/types.js';
import type { ParsedGpp } from './parse.js';
import { US_MODULE_SIDS, usNatView, type UsNatView } from './us-view.js';

export interface UsPrivacyOptions {
  /** Section ids the module ignores (J `config.skip_sids`). */
  skipSids?: readonly number[];
  /** Personal data consents = 2 does not deny (J `config.allow_personal_data_consent_2`). */
  allowPersonalDataConsent2?: boolean;
}

export type UsActivityResults = Record<ActivityName, RuleResult>;

/** J field values (inner/model): notices 0 n/a, 1 yes, 2 no; opt-outs 0 n/a, 1 opted out, 2 did not. */
const NOTICE = { notApplicable: 0, no: 2 } as const;
const OPT_OUT = { optedOut: 1, didNotOptOut: 2 } as const;
const CONSENT = { no: 1, yes: 2 } as const;
const MSPA_SERVICE_PROVIDER_YES = 1;

const at = (list: readonly (number | undefined)[] | undefined, i: number) => list?.[i];
const anyAt = (list: readonly (number | undefined)[] | undefined, indices: readonly number[], v: number) =>
  indices.some((i) => at(list, i) === v);

function saleDenies(v: UsNatView): boolean {
  return (
    v.saleOptOut === OPT_OUT.optedOut ||
    v.saleOptOutNotice === NOTICE.no ||
    (v.saleOptOutNotice === NOTICE.notApplicable && v.saleOptOut === OPT_OUT.didNotOptOut)
  );
}

function sharingDenies(v: UsNatView): boolean {
  const notOptedOut = v.sharingOptOut === OPT_OUT.didNotOptOut;
  return (
    v.sharingNotice === NOTICE.no ||
    v.sharingOptOut === OPT_OUT.optedOut ||
    v.sharingOptOutNotice === NOTICE.no ||
    (v.sharingNotice === NOTICE.notApplicable && notOptedOut) ||
    (v.sharingOptOutNotice === NOTICE.notApplicable && notOptedOut)
  );
}

function targetedAdvertisingDenies(v: UsNatView): boolean {
  return (
    v.targetedAdvertisingOptOut === OPT_OUT.optedOut ||
    v.targetedAdvertisingOptOutNotice === NOTICE.no ||
    (v.targetedAdvertisingOptOutNotice === NOTICE.notApplicable &&
      v.targetedAdvertisingOptOut === OPT_OUT.didNotOptOut)
  );
}

function knownChildDenies(v: UsNatView): boolean {
  const c = v.knownChildSensitiveDataConsents;
  return (
    at(c, 0) === CONSENT.no || at(c, 1) === CONSENT.no || at(c, 2) === CONSENT.no || at(c, 1) === CONSENT.yes
  );
}

/** Denies shared by every activity the module decides: service provider mode, GPC, child, personal data. */
function baseDenies(v: UsNatView, opts: UsPrivacyOptions): boolean {
  return (
    v.mspaServiceProviderMode === MSPA_SERVICE_PROVIDER_YES ||
    v.gpc === true ||
    knownChildDenies(v) ||
    (opts.allowPersonalDataConsent2 !== true && v.personalDataConsents === CONSENT.yes)
  );
}

const noticesNotApplicable = (v: UsNatView) =>
  v.sensitiveDataProcessingOptOutNotice === NOTICE.notApplicable ||
  v.sensitiveDataLimitUseNotice === NOTICE.notApplicable;
const noticesNo = (v: UsNatView) =>
  v.sensitiveDataProcessingOptOutNotice === NOTICE.no || v.sensitiveDataLimitUseNotice === NOTICE.no;

/** J USNatTransmitGeo: sensitive data category 8 (index 7) is precise geolocation. */
function geoSensitiveDenies(v: UsNatView): boolean {
  const sdp = v.sensitiveDataProcessing;
  return noticesNo(v) || (noticesNotApplicable(v) && at(sdp, 7) === CONSENT.yes) || at(sdp, 7) === CONSENT.no;
}

const SENSITIVE_ALL = [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15];
const SENSITIVE_NO_CONSENT = [0, 1, 2, 3, 4, 10, 12, 14];
const SENSITIVE_ANY_ANSWER = [5, 6, 8, 9, 11, 13, 15];

/** J USNatTransmitUfpd: the sensitive categories other than precise geo. */
function ufpdSensitiveDenies(v: UsNatView): boolean {
  const sdp = v.sensitiveDataProcessing;
  return (
    noticesNo(v) ||
    (noticesNotApplicable(v) && anyAt(sdp, SENSITIVE_ALL, CONSENT.yes)) ||
    anyAt(sdp, SENSITIVE_NO_CONSENT, CONSENT.no) ||
    anyAt(sdp, SENSITIVE_ANY_ANSWER, CONSENT.no) ||
    anyAt(sdp, SENSITIVE_ANY_ANSWER, CONSENT.yes)
  );
}

/** The three decisions of one section (true = deny). */
export interface UsSectionDenials {
  syncUser: boolean;
  transmitUfpd: boolean;
  transmitPreciseGeo: boolean;
}

export function usSectionDenials(v: UsNatView, opts: UsPrivacyOptions = {}): UsSectionDenials {
  const base = baseDenies(v, opts);
  const optOuts = saleDenies(v) || sharingDenies(v) || targetedAdvertisingDenies(v);
  return {
    syncUser: base || optOuts,
    transmitUfpd: base || optOuts || ufpdSensitiveDenies(v),
    transmitPreciseGeo: base || geoSensitiveDenies(v),
  };
}

/** Which module decision answers each activity (J USNatModule.innerModule; transmitUniqueRequestIds is G-only). */
const DECIDED_BY: Record<ActivityName, keyof UsSectionDenials | undefined> = {
  syncUser: 'syncUser',
  enrichUfpd: 'syncUser',
  transmitUfpd: 'transmitUfpd',
  transmitPreciseGeo: 'transmitPreciseGeo',
  fetchBids: undefined,
  reportAnalytics: undefined,
  transmitTid: undefined,
  transmitUniqueRequestIds: undefined,
};

/** Section ids in scope: `gpp_sid` entries the module understands, minus `skipSids`, once each. */
export function usModuleSids(parsed: ParsedGpp, skipSids: readonly number[] = []): number[] {
  const out: number[] = [];
  for (const sid of parsed.sids ?? []) {
    if (US_MODULE_SIDS.includes(sid) && !skipSids.includes(sid) && !out.includes(sid)) out.push(sid);
  }
  return out;
}

/**
 * Per activity: `deny` if a section in scope denies it, `allow` if sections are in scope and none
 * denies, `abstain` without sections in scope or for activities the module does not decide. A
 * section the library could not decode is left out (J logs and drops a module it can't build).
 */
export function usPrivacyActivities(parsed: ParsedGpp, opts: UsPrivacyOptions = {}): UsActivityResults {
  const denials: UsSectionDenials[] = [];
  for (const sid of usModuleSids(parsed, opts.skipSids)) {
    if (parsed.sectionErrors.has(sid)) continue;
    const view = usNatView(sid, parsed.us.get(sid));
    if (view) denials.push(usSectionDenials(view, opts));
  }
  const out = {} as UsActivityResults;
  for (const [activity, decision] of Object.entries(DECIDED_BY) as [
    ActivityName,
    keyof UsSectionDenials | undefined,
  ][]) {
    if (!decision || denials.length === 0) out[activity] = 'abstain';
    else out[activity] = denials.some((d) => d[decision]) ? 'deny' : 'allow';
  }
  return out;
}

function intList(v: unknown): number[] | undefined {
  return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : undefined;
}

/** J AccountUSNatModuleConfig.Config from a module's `config` (snake, camel or kebab keys as J). */
export function usPrivacyOptionsFromConfig(config: Record<string, unknown> | undefined): UsPrivacyOptions {
  const pick = (...keys: string[]) => keys.map((k) => config?.[k]).find((v) => v !== undefined);
  const opts: UsPrivacyOptions = {};
  const skip = intList(pick('skip_sids', 'skipSids', 'skip-sids'));
  if (skip) opts.skipSids = skip;
  const allow = pick(
    'allow_personal_data_consent_2',
    'allowPersonalDataConsent2',
    'allow-personal-data-consent-2',
  );
  if (allow === true) opts.allowPersonalDataConsent2 = true;
  return opts;
}

/**
 * The `iab.usgeneral` evaluator for one request's GPP, to register in the activity control's
 * `moduleEvaluators` (the result does not depend on the component, as in J).
 */
export function createUsGeneralEvaluator(parsed: ParsedGpp): PrivacyModuleEvaluator {
  const byConfig = new Map<unknown, UsActivityResults>();
  return (activity, _component, module) => {
    let results = byConfig.get(module.config);
    if (!results) {
      results = usPrivacyActivities(parsed, usPrivacyOptionsFromConfig(module.config));
      byConfig.set(module.config, results);
    }
    return results[activity];
  };
}
