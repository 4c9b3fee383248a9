// Shared helpers for the bid adjustment tests: blocks from JSON, a converter over fixed rates.
import { createConverter, type Converter } from '../currency/converter.js';
import { createRateTable, IDENTITY_RATES, type Rates } from '../currency/rate-table.js';
import { parseBidAdjustments } from './parse.js';
import { buildRules } from './rules.js';
import type { Adjustment, BidAdjustments, RuleTable } from './types.js';

export function block(raw: unknown): BidAdjustments | undefined {
  const parsed = parseBidAdjustments(raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

export function converter(rates: Rates = {}): Converter {
  return createConverter([IDENTITY_RATES, createRateTable(rates)]);
}

/** A rule table straight from `key → adjustments` as G's tests write them (bidder lower-cased, as buildRules does). */
export function table(rules: Record<string, Adjustment[]>): RuleTable {
  const lower = (key: string) => key.replace(/\|[^|]*\|/, (m) => m.toLowerCase());
  return new Map(Object.entries(rules).map(([k, v]) => [lower(k), v]));
}

export const mult = (value: number): Adjustment => ({ adjtype: 'multiplier', value, currency: '' });
export const cpm = (value: number, currency: string): Adjustment => ({ adjtype: 'cpm', value, currency });
export const stat = (value: number, currency: string): Adjustment => ({ adjtype: 'static', value, currency });

/** The block as plain JSON again (Maps → objects), for deep-equal assertions. */
export function plain(b: BidAdjustments | undefined): unknown {
  if (b === undefined) return undefined;
  const out: Record<string, unknown> = {};
  for (const [type, bidders] of b.mediaTypes) {
    const bs: Record<string, unknown> = {};
    for (const [bidder, deals] of bidders) bs[bidder] = deals === null ? null : Object.fromEntries(deals);
    out[type] = bs;
  }
  return { mediatype: out };
}

export { buildRules };
