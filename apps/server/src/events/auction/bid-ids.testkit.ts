// Deterministic bid id generators for tests and the exchange conformance harness (fixtures README §3
// "bid-id generator": the n-th bid of a seat gets `bid-<seat>-<n>`, n from 1; `returnError` fails
// every call). Make one per auction: the counters live in the generator.
import type { BidIdGenerator, BidIdResult } from './bid-ids.js';

export interface TestBidIdGeneratorOptions {
  /** Default true. */
  enabled?: boolean;
  /** Every call fails. */
  fail?: boolean;
}

export function createTestBidIdGenerator(options: TestBidIdGeneratorOptions = {}): BidIdGenerator {
  const counters = new Map<string, number>();
  return {
    enabled: options.enabled ?? true,
    next(seat: string): BidIdResult {
      if (options.fail) return { ok: false, error: 'test generator failure' };
      const n = (counters.get(seat) ?? 0) + 1;
      counters.set(seat, n);
      return { ok: true, id: `bid-${seat}-${n}` };
    },
  };
}

/** The fixtures' `bidIDGenerator` block; absent = generation off. */
export function harnessBidIdGenerator(spec?: {
  generateBidID?: boolean;
  returnError?: boolean;
}): BidIdGenerator {
  return createTestBidIdGenerator({
    enabled: spec?.generateBidID === true,
    fail: spec?.returnError === true,
  });
}
