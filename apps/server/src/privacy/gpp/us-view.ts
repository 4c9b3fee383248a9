// One US GPP section seen as the US National section (J privacy/usnat/reader: USNationalGppReader and
// the USMapped{California,Virginia,Colorado,Utah,Connecticut}GppReader): fields a state does not have
// are undefined (J null); state sensitive-data and known-child fields are mapped onto the national
// layout exactly as J maps them, including J's answer for a section listed in gpp_sid but missing
// from the string (California and Connecticut then read as "known child, no consent").
import { GPP_SID, type UsSection } from './parse.js';

/** The national fields the US privacy module reads (library field names, camel-cased). */
export interface UsNatView {
  gpc?: boolean;
  saleOptOut?: number;
  saleOptOutNotice?: number;
  sharingNotice?: number;
  sharingOptOut?: number;
  sharingOptOutNotice?: number;
  targetedAdvertisingOptOut?: number;
  targetedAdvertisingOptOutNotice?: number;
  sensitiveDataLimitUseNotice?: number;
  sensitiveDataProcessing?: readonly (number | undefined)[];
  sensitiveDataProcessingOptOutNotice?: number;
  knownChildSensitiveDataConsents?: readonly number[];
  personalDataConsents?: number;
  mspaServiceProviderMode?: number;
}

/** US section ids the module understands (J PrivacySection: national and the first five states). */
export const US_MODULE_SIDS: readonly number[] = [
  GPP_SID.usNat,
  GPP_SID.usCa,
  GPP_SID.usVa,
  GPP_SID.usCo,
  GPP_SID.usUt,
  GPP_SID.usCt,
];

type Fields = Readonly<Record<string, unknown>>;

const num = (f: Fields | undefined, key: string): number | undefined => {
  const v = f?.[key];
  return typeof v === 'number' ? v : undefined;
};
const list = (f: Fields | undefined, key: string): number[] | undefined => {
  const v = f?.[key];
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : undefined;
};
const bool = (f: Fields | undefined, key: string): boolean | undefined => {
  const v = f?.[key];
  return typeof v === 'boolean' ? v : undefined;
};

/** Fields every mapped reader copies as they are (when the section has them). */
function common(f: Fields | undefined): UsNatView {
  const view: UsNatView = {};
  const put = <K extends keyof UsNatView>(key: K, value: UsNatView[K] | undefined) => {
    if (value !== undefined) view[key] = value;
  };
  put('saleOptOut', num(f, 'SaleOptOut'));
  put('saleOptOutNotice', num(f, 'SaleOptOutNotice'));
  put('mspaServiceProviderMode', num(f, 'MspaServiceProviderMode'));
  return view;
}

/** J `List.set(target, original.get(source))` for each [target, source] over `size` undefined slots. */
function remap(original: readonly number[] | undefined, size: number, pairs: [number, number][]) {
  const out: (number | undefined)[] = new Array<number | undefined>(size).fill(undefined);
  for (const [target, source] of pairs) out[target] = original?.[source];
  return out;
}

function national(f: Fields | undefined): UsNatView {
  return Object.assign(common(f), {
    gpc: bool(f, 'Gpc'),
    sharingNotice: num(f, 'SharingNotice'),
    sharingOptOut: num(f, 'SharingOptOut'),
    sharingOptOutNotice: num(f, 'SharingOptOutNotice'),
    targetedAdvertisingOptOut: num(f, 'TargetedAdvertisingOptOut'),
    targetedAdvertisingOptOutNotice: num(f, 'TargetedAdvertisingOptOutNotice'),
    sensitiveDataLimitUseNotice: num(f, 'SensitiveDataLimitUseNotice'),
    sensitiveDataProcessing: list(f, 'SensitiveDataProcessing'),
    sensitiveDataProcessingOptOutNotice: num(f, 'SensitiveDataProcessingOptOutNotice'),
    knownChildSensitiveDataConsents: list(f, 'KnownChildSensitiveDataConsents'),
    personalDataConsents: num(f, 'PersonalDataConsents'),
  });
}

const CA_SENSITIVE: [number, number][] = [
  [0, 3],
  [1, 3],
  [2, 7],
  [3, 8],
  [5, 5],
  [6, 6],
  [7, 2],
  [8, 0],
  [9, 1],
  [11, 4],
];

function california(f: Fields | undefined): UsNatView {
  const child = list(f, 'KnownChildSensitiveDataConsents');
  return Object.assign(common(f), {
    gpc: bool(f, 'Gpc'),
    sharingOptOut: num(f, 'SharingOptOut'),
    sharingOptOutNotice: num(f, 'SharingOptOutNotice'),
    sensitiveDataLimitUseNotice: num(f, 'SensitiveDataLimitUseNotice'),
    sensitiveDataProcessing: remap(list(f, 'SensitiveDataProcessing'), 12, CA_SENSITIVE),
    knownChildSensitiveDataConsents: child && child[0] === 0 && child[1] === 0 ? child : [1, 1],
    personalDataConsents: num(f, 'PersonalDataConsents'),
  });
}

/** VA, CO, UT: one known-child value; 1 or 2 → child, else not (absent stays absent). */
function singleChild(f: Fields | undefined): readonly number[] | undefined {
  const v = num(f, 'KnownChildSensitiveDataConsents');
  if (v === undefined) return undefined;
  return v === 1 || v === 2 ? [1, 1] : [0, 0];
}

/** The VA/CO/UT/CT layout: sharing notice and targeted advertising, no sharing opt-out. */
function stateBase(f: Fields | undefined): UsNatView {
  return Object.assign(common(f), {
    sharingNotice: num(f, 'SharingNotice'),
    targetedAdvertisingOptOut: num(f, 'TargetedAdvertisingOptOut'),
    targetedAdvertisingOptOutNotice: num(f, 'TargetedAdvertisingOptOutNotice'),
  });
}

const UT_SENSITIVE: [number, number][] = [
  [0, 0],
  [1, 1],
  [2, 4],
  [3, 2],
  [4, 3],
  [5, 5],
  [6, 6],
  [7, 7],
];

function connecticutChild(f: Fields | undefined): readonly number[] {
  const [first, second, third] = list(f, 'KnownChildSensitiveDataConsents') ?? [];
  if (first === 0 && second === 0 && third === 0) return [0, 0];
  return second === 2 && third === 2 ? [2, 1] : [1, 1];
}

function stateView(id: number, f: Fields | undefined): UsNatView {
  const base = stateBase(f);
  const sensitive = list(f, 'SensitiveDataProcessing');
  switch (id) {
    case GPP_SID.usVa:
      return Object.assign(base, {
        sensitiveDataProcessing: sensitive,
        knownChildSensitiveDataConsents: singleChild(f),
      });
    case GPP_SID.usCo:
      return Object.assign(base, {
        gpc: bool(f, 'Gpc'),
        sensitiveDataProcessing: sensitive,
        knownChildSensitiveDataConsents: singleChild(f),
      });
    case GPP_SID.usUt:
      return Object.assign(base, {
        sensitiveDataProcessing: remap(sensitive, 8, UT_SENSITIVE),
        sensitiveDataProcessingOptOutNotice: num(f, 'SensitiveDataProcessingOptOutNotice'),
        knownChildSensitiveDataConsents: singleChild(f),
      });
    default:
      return Object.assign(base, {
        gpc: bool(f, 'Gpc'),
        sensitiveDataProcessing: sensitive,
        knownChildSensitiveDataConsents: connecticutChild(f),
      });
  }
}

/**
 * Section `id` (one of US_MODULE_SIDS) as national fields; `section` undefined = listed in gpp_sid
 * but absent from the string (J reads a null section).
 */
export function usNatView(id: number, section: UsSection | undefined): UsNatView | undefined {
  const f = section?.fields;
  if (id === GPP_SID.usNat) return national(f);
  if (id === GPP_SID.usCa) return california(f);
  if (US_MODULE_SIDS.includes(id)) return stateView(id, f);
  return undefined;
}
