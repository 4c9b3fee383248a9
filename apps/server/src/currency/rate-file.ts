// The upstream rates file format (notes §12 "Rates file"):
// {"dataAsOf": "...", "conversions": {FROM: {TO: rate}}}; only `conversions` is read.
import type { Rates } from './rate-table.js';

/** Parses and checks a rates document; throws an Error naming what is wrong. */
export function parseRatesFile(text: string): Rates {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new Error(`currency rates are not valid JSON: ${(e as Error).message}`);
  }
  const conversions = (doc as { conversions?: unknown } | null)?.conversions;
  // `"conversions": null` is an empty table (the upstream server decodes it as an empty map).
  if (doc !== null && typeof doc === 'object' && conversions === null) return {};
  if (typeof conversions !== 'object' || conversions === null || Array.isArray(conversions)) {
    throw new Error('currency rates document has no "conversions" object');
  }
  const out: Record<string, Record<string, number>> = {};
  for (const [from, row] of Object.entries(conversions as Record<string, unknown>)) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new Error(`currency rates: conversions.${from} is not an object`);
    }
    const clean: Record<string, number> = {};
    for (const [to, v] of Object.entries(row as Record<string, unknown>)) {
      if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
        throw new Error(`currency rates: conversions.${from}.${to} is not a positive number`);
      }
      clean[to] = v;
    }
    out[from] = clean;
  }
  return out;
}
