// Yieldlab request facts shared by the call and the bids: each imp's params, the consent pair, the
// clock-derived stamps (pinned by fixture replays through `ctx.fixedValues`) and Go-style number text.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { AdapterContext } from '../../types.js';
import { paramIgnoringCase } from '../../helpers/param-lookup.js';

export interface SlotParams {
  adslotId: string;
  supplyId: string;
  extId: string;
  targeting: Record<string, string>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The imp's Yieldlab params, or undefined when its ext cannot be read. */
export function slotParams(imp: Readonly<Imp>): SlotParams | undefined {
  const params = isObject(imp.ext) ? imp.ext.bidder : undefined;
  if (!isObject(params)) return undefined;
  const field = (key: string): unknown => paramIgnoringCase(params, key);
  const targeting: Record<string, string> = {};
  const given = field('targeting');
  if (isObject(given)) {
    for (const [k, v] of Object.entries(given)) targeting[k] = text(v);
  }
  return {
    adslotId: text(field('adslotId')),
    supplyId: text(field('supplyId')),
    extId: text(field('extId')),
    targeting,
  };
}

/** The params of every imp whose ext can be read, in imp order. */
export function allSlotParams(request: Readonly<BidRequest>): SlotParams[] {
  return request.imp.map(slotParams).filter((p): p is SlotParams => p !== undefined);
}

/** `gdpr` ('0'/'1' from regs.ext.gdpr, else '') and the consent string of user.ext, or the decode error. */
export function consentOf(
  request: Readonly<BidRequest>,
): { gdpr: string; consent: string } | { error: string } {
  let consent = '';
  const userExt = request.user?.ext;
  if (userExt !== undefined && userExt !== null) {
    const value = isObject(userExt) ? userExt.consent : userExt;
    if (value !== undefined && value !== null && typeof value !== 'string') {
      const found = (JSON.stringify(value) ?? '').charAt(0);
      const why = isObject(userExt)
        ? `cannot unmarshal openrtb_ext.ExtUser.Consent: expects " or n, but found ${found}`
        : `expect { or n, but found ${found}`;
      return { error: `failed to parse ExtUser in Yieldlab GDPR check: ${why}` };
    }
    consent = text(value);
  }
  const gdpr = request.regs?.ext?.gdpr;
  return { gdpr: gdpr === 0 || gdpr === 1 ? String(gdpr) : '', consent };
}

function nowOf(ctx: AdapterContext): number {
  return ctx.now?.() ?? Date.now();
}

/** The cache-buster query value: the epoch second (or the pinned `cacheBuster`). */
export function cacheBuster(ctx: AdapterContext): string {
  return ctx.fixedValues?.cacheBuster ?? String(Math.floor(nowOf(ctx) / 1000));
}

/** The ISO 8601 week number of the current date (or the pinned `isoWeek`). */
export function isoWeek(ctx: AdapterContext): string {
  const pinned = ctx.fixedValues?.isoWeek;
  if (pinned !== undefined) return pinned;
  const date = new Date(nowOf(ctx));
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return String(Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7));
}

/** A float as Go's `%v` prints it (shortest form; exponent form below 1e-4 or from 1e21). */
export function goFloat(n: number): string {
  if (n === 0 || !Number.isFinite(n)) return String(n);
  const exp = Math.floor(Math.log10(Math.abs(n)));
  if (exp >= -4 && exp < 21) return String(n);
  const [mantissa = '', power = '0'] = n.toExponential().split('e');
  const sign = power.startsWith('-') ? '-' : '+';
  const digits = power.replace(/^[+-]/, '');
  return `${mantissa}e${sign}${digits.length < 2 ? `0${digits}` : digits}`;
}
