// e-planning's answer: `{"sp": [{"k": <space name>, "a": [{"i", "id", "pr", "adm", "crid", "adom", "w", "h"}]}]}`,
// decoded with the type checks (and wording) of upstream's typed decoder.
import { parseJsonObject } from '../../helpers/parse-json.js';

export interface HbAd {
  i?: string;
  id?: string;
  pr?: string;
  adm?: string;
  crid?: string;
  adom?: string;
  w?: number;
  h?: number;
}

export interface HbSpace {
  k?: string;
  a?: HbAd[];
}

const AD_STRINGS: Readonly<Record<string, string>> = {
  i: 'ImpressionID',
  id: 'AdID',
  pr: 'Price',
  adm: 'AdM',
  crid: 'CrID',
  adom: 'Adomain',
};
const AD_NUMBERS: Readonly<Record<string, string>> = { w: 'Width', h: 'Height' };

const present = (v: unknown): boolean => v !== undefined && v !== null;
const firstChar = (v: unknown): string => (JSON.stringify(v) ?? '').charAt(0);

function adError(ad: unknown): string | undefined {
  if (typeof ad !== 'object' || ad === null || Array.isArray(ad))
    return `cannot unmarshal eplanning.hbResponseSpace.Ads: expect { or n, but found ${firstChar(ad)}`;
  const fields = ad as Record<string, unknown>;
  for (const [key, name] of Object.entries(AD_STRINGS)) {
    if (present(fields[key]) && typeof fields[key] !== 'string')
      return `cannot unmarshal eplanning.hbResponseAd.${name}: expects " or n, but found ${firstChar(fields[key])}`;
  }
  for (const [key, name] of Object.entries(AD_NUMBERS)) {
    const v = fields[key];
    if (present(v) && (typeof v !== 'number' || v < 0 || !Number.isInteger(v)))
      return `cannot unmarshal eplanning.hbResponseAd.${name}: unexpected character: ${firstChar(v)}`;
  }
  return undefined;
}

function spaceError(space: unknown): string | undefined {
  if (typeof space !== 'object' || space === null || Array.isArray(space))
    return `cannot unmarshal eplanning.hbResponse.Spaces: expect { or n, but found ${firstChar(space)}`;
  const { k, a } = space as Record<string, unknown>;
  if (present(k) && typeof k !== 'string')
    return `cannot unmarshal eplanning.hbResponseSpace.Name: expects " or n, but found ${firstChar(k)}`;
  if (present(a) && !Array.isArray(a))
    return `cannot unmarshal eplanning.hbResponseSpace.Ads: decode slice: expect [ or n, but found ${firstChar(a)}`;
  for (const ad of Array.isArray(a) ? a : []) {
    const error = adError(ad);
    if (error) return error;
  }
  return undefined;
}

/** The spaces of the answer, or the decode error message. */
export function parseSpaces(body: string): HbSpace[] | string {
  const parsed = parseJsonObject<Record<string, unknown>>(body);
  if (!parsed.ok) return parsed.error.message.replace(/^Bad server response: /, '');
  const sp = parsed.value.sp;
  if (present(sp) && !Array.isArray(sp))
    return `cannot unmarshal eplanning.hbResponse.Spaces: decode slice: expect [ or n, but found ${firstChar(sp)}`;
  const spaces = Array.isArray(sp) ? sp : [];
  for (const space of spaces) {
    const error = spaceError(space);
    if (error) return error;
  }
  return spaces as HbSpace[];
}

/** The price text as a number, when it reads as one (decimal or exponent notation). */
export function parsePrice(text: string | undefined): number | undefined {
  if (text === undefined || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}
