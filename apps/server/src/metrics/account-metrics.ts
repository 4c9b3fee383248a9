// `account_requests_total{account, request_type}` (upstream Go `account_requests{account}`, with the
// request type of Go's `requests`). The account label is bounded: only accounts found in stored
// data get their own value (ids in requests are caller-chosen, any string), at most `maxLabels` of
// them; other known accounts count as `other`, unknown ones (and requests without one) as `unknown`.
import { createBatchedCounter, type CounterCell } from '@gavel/common';
import type { Registry } from 'prom-client';
import type { AuctionContext } from '../auction/types.js';

export const REQUEST_TYPES = ['openrtb2-web', 'openrtb2-app', 'openrtb2-dooh', 'amp', 'video'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** Upstream's request types: the endpoint, and for /openrtb2/auction the channel (site, app, dooh). */
export function requestTypeOf(ctx: Pick<AuctionContext, 'endpoint' | 'request'>): RequestType {
  if (ctx.endpoint === 'amp') return 'amp';
  if (ctx.endpoint === 'video') return 'video';
  if (ctx.request.app) return 'openrtb2-app';
  if (ctx.request.dooh) return 'openrtb2-dooh';
  return 'openrtb2-web';
}

/** Which account ids are known (found in stored data). */
export interface KnownAccounts {
  has(id: string): boolean;
}

export interface AccountMetrics {
  request(accountId: string, type: RequestType): void;
}

type Cells = Record<RequestType, CounterCell>;

export function createAccountMetrics(o: {
  registry: Registry;
  prefix: string;
  known?: KnownAccounts;
  maxLabels: number;
}): AccountMetrics {
  const family = createBatchedCounter({
    name: `${o.prefix}account_requests_total`,
    help: 'Auctions by account and request type (account: stored accounts only, else unknown/other)',
    labelNames: ['account', 'request_type'],
    registry: o.registry,
  });
  const cellsOf = (label: string): Cells => {
    const out = {} as Cells;
    for (const t of REQUEST_TYPES) out[t] = family.labels(label, t);
    return out;
  };
  const byAccount = new Map<string, Cells>();
  const unknown = cellsOf('unknown');
  const other = cellsOf('other');
  const resolve = (id: string): Cells => {
    const seen = byAccount.get(id);
    if (seen) return seen;
    if (id === '' || !o.known?.has(id)) return unknown;
    if (byAccount.size >= o.maxLabels) return other;
    const cells = cellsOf(id);
    byAccount.set(id, cells);
    return cells;
  };
  return {
    request: (accountId, type) => resolve(accountId)[type].inc(),
  };
}
