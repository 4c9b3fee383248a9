// Shared helpers of the first-party-data tests.
import type { BidRequest } from '../openrtb/types.js';
import type { BidderNormalizer } from './types.js';

const KNOWN = ['appnexus', 'rubicon', 'telaria', 'audiencenetwork'];
const SPELLING: Record<string, string> = { audiencenetwork: 'audienceNetwork' };

/** Known bidders matched case-insensitively, as the registry would (G NormalizeBidderName). */
export const normalizeBidder: BidderNormalizer = (name) => {
  const lower = name.toLowerCase();
  return KNOWN.includes(lower) ? (SPELLING[lower] ?? lower) : undefined;
};

/** A request from a JSON-ish literal (tests only). */
export function req(body: Record<string, unknown>): BidRequest {
  return { id: 'bid_id', imp: [], ...body };
}

/** Deep copy for "was the input left alone" assertions. */
export function snapshot<T>(v: T): T {
  return structuredClone(v);
}
