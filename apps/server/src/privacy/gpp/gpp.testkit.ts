// Test helpers: real GPP strings built with the library's encoder (never hand-written bits).
import { GppModel } from '@iabgpp/cmpapi';

/** Field values per library section name, e.g. `{ usnat: { SaleOptOutNotice: 1, SaleOptOut: 1 } }`. */
export type SectionFields = Record<string, Record<string, unknown>>;

/** Encodes a GPP string with the given sections (unset fields keep the library's defaults). */
export function encodeGpp(sections: SectionFields): string {
  const model = new GppModel();
  for (const [section, fields] of Object.entries(sections)) {
    for (const [field, value] of Object.entries(fields)) model.setFieldValue(section, field, value);
  }
  return model.encode();
}

/** The fixture corpus' GPP string: header [2, 6], a TCF EU v2 section and USP v1 `1NYN`. */
export const FIXTURE_GPP = 'DBACNYA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1NYN';
export const FIXTURE_TCF = 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA';
