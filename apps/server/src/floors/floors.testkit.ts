// Shared fixtures for the floors tests: a rate table converter, fixed draws, settings builders.
import type { BidRequest } from '../openrtb/types.js';
import { DEFAULT_ACCOUNT_FLOORS, type AccountFloorsSettings, type FloorsSettings } from './settings.js';
import type { ConvertFn, RandomFn } from './types.js';

/** Converter over `rates[from][to]` (inverse pairs derived); throws on an unknown pair. */
export function rateConverter(rates: Record<string, Record<string, number>>): ConvertFn {
  return (amount, from, to) => {
    if (from === to) return amount;
    const direct = rates[from]?.[to];
    if (direct !== undefined) return amount * direct;
    const inverse = rates[to]?.[from];
    if (inverse !== undefined) return amount / inverse;
    throw new Error('currency conversion not supported');
  };
}

/** A uniform draw such that Go's rand.Intn(n) would give ⌊fraction·n⌋. */
export const fixedRandom =
  (fraction: number): RandomFn =>
  () =>
    fraction;

/** Draws returning the given fractions in turn (the last one repeats). */
export function sequenceRandom(...fractions: number[]): RandomFn {
  let i = 0;
  return () => fractions[Math.min(i++, fractions.length - 1)] ?? 0;
}

export function floorsSettings(
  account: Partial<AccountFloorsSettings> = {},
  hostEnabled = true,
): FloorsSettings {
  return {
    hostEnabled,
    account: Object.assign({}, DEFAULT_ACCOUNT_FLOORS, { enabled: true, maxSchemaDims: 5 }, account),
  };
}

/** A request whose ext.prebid.floors is `floors` (parsed from JSON text, as upstream's tests). */
export function requestWith(base: Partial<BidRequest>, floors?: string): BidRequest {
  const req: BidRequest = Object.assign({ id: 'req-1', imp: [] }, base);
  if (floors !== undefined) req.ext = { prebid: { floors: JSON.parse(floors) as unknown } };
  return req;
}
