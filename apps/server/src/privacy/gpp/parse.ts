// Parsing an IAB GPP string (`regs.gpp` + `regs.gpp_sid`, then their 2.5 places `regs.ext.gpp` /
// `regs.ext.gpp_sid`) with @iabgpp/cmpapi into sections. Behaviour follows G (go-gpp Parse as called
// from endpoints/openrtb2/auction.go): the header decides the section list; a header that can't be
// read or whose id count differs from the `~` parts yields no sections; TCF EU v2 (2) and USP v1 (6)
// are kept as the raw strings; the US sections are decoded, and a failing one is an error while the
// others stay usable. Pure and uncached; no GPP → no library work at all.
import { GppModel, HeaderV1, Sections } from '@iabgpp/cmpapi';
import type { BidRequest } from '../../openrtb/types.js';

/** GPP section ids Gavel reads. */
export const GPP_SID = {
  tcfEuV2: 2,
  uspV1: 6,
  usNat: 7,
  usCa: 8,
  usVa: 9,
  usCo: 10,
  usUt: 11,
  usCt: 12,
} as const;

/** The sections G decodes (go-gpp): their errors are the ones reported (G's names). */
const GO_SECTION_NAMES: Readonly<Record<number, string>> = {
  7: 'uspnat',
  8: 'uspca',
  9: 'uspva',
  10: 'uspco',
  11: 'usput',
  12: 'uspct',
};

/** A decoded US section: the library's field names (`SaleOptOut`, `Gpc`, …) and values. */
export interface UsSection {
  id: number;
  /** Library section name (`usnat`, `usca`, …). */
  name: string;
  fields: Readonly<Record<string, unknown>>;
}

export interface ParsedGpp {
  /** The GPP string; undefined when absent or empty. */
  gpp?: string;
  /** `gpp_sid` integers; undefined when absent (an empty list stays an empty list, as in G). */
  sids?: readonly number[];
  /** The header's section ids in order; empty without a string or when the header can't be read. */
  sectionIds: readonly number[];
  /** Raw section strings by id. */
  sections: ReadonlyMap<number, string>;
  /** Raw TCF EU v2 section (the consent string). */
  tcfEuV2?: string;
  /** Raw US Privacy v1 section (`1YNN`). */
  uspV1?: string;
  /** US sections (7 and up) the library decoded without error, by id. */
  us: ReadonlyMap<number, UsSection>;
  /**
   * Parse errors worded as go-gpp words them: the header's, else one per failing section 7–12 in
   * header order. The endpoint's warning quotes the first.
   */
  errors: readonly string[];
  /** Every section the library knows but could not decode (any id), with the library's message. */
  sectionErrors: ReadonlyMap<number, string>;
}

const EMPTY: ParsedGpp = {
  sectionIds: [],
  sections: new Map(),
  us: new Map(),
  errors: [],
  sectionErrors: new Map(),
};

const BASE64URL = /[^A-Za-z0-9_-]/;

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** G failFastHeaderValidate + the base64 and Fibonacci-range steps of go-gpp Parse. */
function readHeader(header: string): { ids: number[] } | { error: string } {
  if (header.length < 4) return { error: 'error parsing GPP header, should be at least 4 bytes long' };
  if (header[0] !== 'D') return { error: 'error parsing GPP header, header must have type=3' };
  const bad = header.search(BASE64URL);
  if (bad >= 0) {
    return { error: `error parsing GPP header, base64 decoding: illegal base64 data at input byte ${bad}` };
  }
  try {
    const ids: unknown = new HeaderV1(header).getFieldValue('SectionIds');
    if (Array.isArray(ids) && ids.every((id) => Number.isInteger(id))) return { ids: ids as number[] };
    return { error: 'error parsing GPP header, section identifiers: unreadable' };
  } catch (e) {
    return { error: `error parsing GPP header, section identifiers: ${message(e)}` };
  }
}

/** Decodes one US section with the library; undefined for ids it does not know. */
function decodeUsSection(id: number, value: string): UsSection | { error: string } | undefined {
  const name = Sections.SECTION_ID_NAME_MAP.get(id);
  if (name === undefined || id < GPP_SID.usNat) return undefined;
  try {
    if (value.trim() === '') throw new Error('section is blank');
    const model = new GppModel();
    model.decodeSectionById(id, value);
    const fields: unknown = model.getSection(name);
    if (fields === null || typeof fields !== 'object') throw new Error('section not decoded');
    return { id, name, fields: fields as Record<string, unknown> };
  } catch (e) {
    return { error: message(e) };
  }
}

/** Parses a GPP string and its section id list (either may be absent). */
export function parseGpp(gpp: string | undefined, sids?: readonly number[]): ParsedGpp {
  if (gpp === undefined || gpp === '') return sids === undefined ? EMPTY : withSids(EMPTY, sids);
  const parts = gpp.split('~');
  const header = readHeader(parts[0] ?? '');
  const base = sids === undefined ? { gpp } : { gpp, sids };
  if ('error' in header) return Object.assign({}, EMPTY, base, { errors: [header.error] });
  if (header.ids.length !== parts.length - 1) {
    const error =
      'error parsing GPP header, section IDs do not match the number of sections: ' +
      `found ${header.ids.length} IDs, have ${parts.length - 1} sections`;
    return Object.assign({}, EMPTY, base, { errors: [error] });
  }
  const sections = new Map<number, string>();
  const us = new Map<number, UsSection>();
  const errors: string[] = [];
  const sectionErrors = new Map<number, string>();
  header.ids.forEach((id, i) => {
    const value = parts[i + 1] ?? '';
    sections.set(id, value);
    const decoded = decodeUsSection(id, value);
    if (decoded === undefined) return;
    if ('error' in decoded) {
      sectionErrors.set(id, decoded.error);
      const goName = GO_SECTION_NAMES[id];
      if (goName) errors.push(`error parsing ${goName} consent string: ${decoded.error}`);
    } else {
      us.set(id, decoded);
    }
  });
  const out: ParsedGpp = Object.assign(base, { sectionIds: header.ids, sections, us, errors, sectionErrors });
  const tcf = sections.get(GPP_SID.tcfEuV2);
  if (tcf !== undefined) out.tcfEuV2 = tcf;
  const usp = sections.get(GPP_SID.uspV1);
  if (usp !== undefined) out.uspV1 = usp;
  return out;
}

function withSids(parsed: ParsedGpp, sids: readonly number[]): ParsedGpp {
  return Object.assign({}, parsed, { sids });
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

function sidList(v: unknown): number[] | undefined {
  return Array.isArray(v) ? v.filter((s): s is number => Number.isInteger(s)) : undefined;
}

/**
 * The request's GPP: `regs.gpp` / `regs.gpp_sid`, each falling back to its 2.5 place in `regs.ext`
 * (neither upstream reads the ext places; Gavel does, as it does for gdpr and us_privacy).
 */
export function parseGppFromRequest(request: BidRequest): ParsedGpp {
  const regs = obj(request.regs);
  if (!regs) return EMPTY;
  const ext = obj(regs['ext']);
  const own = regs['gpp'];
  const gpp = typeof own === 'string' && own !== '' ? own : ext?.['gpp'];
  const sids = sidList(regs['gpp_sid']) ?? sidList(ext?.['gpp_sid']);
  return parseGpp(typeof gpp === 'string' ? gpp : undefined, sids);
}
