// Test kit: an AuctionContext for step tests, with a minimal request and account; each part can be
// overridden (the request's fields and the account's are merged over the defaults).
import type { Account } from '../accounts/types.js';
import type { BidRequest } from '../openrtb/types.js';
import type { AuctionContext } from './types.js';

export interface TestContextOptions {
  request?: Partial<BidRequest>;
  account?: Partial<Account>;
  ns?: AuctionContext['ns'];
  startedAt?: number;
  cookies?: Record<string, string>;
}

export function testContext(o: TestContextOptions = {}): AuctionContext {
  return {
    ns: o.ns ?? 'prebid',
    endpoint: 'auction',
    request: { id: 'r', imp: [], ...o.request },
    account: {
      id: 'a',
      disabled: false,
      debugAllowed: true,
      cacheTtl: {},
      eventsEnabled: false,
      ...o.account,
    },
    http: { cookies: o.cookies ?? {}, headers: {} },
    startedAt: o.startedAt ?? 1,
    bidderDeadline: 0,
    debug: false,
    currency: 'USD',
    warnings: [],
  };
}

/** A bid's own members without the undefined ones: what JSON (and a comparison of values) sees of it. */
export function definedMembers(b: object | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(b ?? {}).filter(([, v]) => v !== undefined));
}
