// Parses the GET /event query (contract "GET /event"; notes §5): every problem is reported (one
// 400 line each, naming the parameter); the account check (401) comes after, as in G.
import type { EventFormat, EventRecord, EventType } from '../../events/types.js';

export type RawQuery = Record<string, string | string[] | undefined>;

export interface EventQuery {
  event: Omit<EventRecord, 'accountId'>;
  /** '' when `a` is missing or empty (→ 401). */
  accountId: string;
  /** Omitted → 200 with an empty body (decisions.md "Events: GET /event answers"). */
  format?: EventFormat;
  /** `x=0` → no account check, nothing recorded. */
  analytics: boolean;
}

export type EventQueryResult = { ok: true; query: EventQuery } | { ok: false; errors: string[] };

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** `int` rules shared with /vtrack (notes §5: ≤ 64 characters of letters, digits, '-', '_'). */
export function integrationError(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length > 64) return "parameter 'int' is longer than 64 characters";
  if (!/^[A-Za-z0-9_-]+$/.test(value)) {
    return "parameter 'int' can only contain numbers, letters and these characters '-', '_'";
  }
  return undefined;
}

export function parseEventQuery(raw: RawQuery): EventQueryResult {
  const errors: string[] = [];
  const t = first(raw['t']);
  let type: EventType = 'win';
  if (t === undefined || t === '') errors.push("parameter 't' is required (win or imp)");
  else if (t === 'win' || t === 'imp') type = t;
  else errors.push(`parameter 't' must be win or imp, but was '${t}'`);

  const bidId = first(raw['b']) ?? '';
  if (bidId === '') errors.push("parameter 'b' (bid id) is required and can't be empty");
  const bidder = first(raw['bidder']) ?? '';
  if (bidder === '') errors.push("parameter 'bidder' is required and can't be empty");

  const ts = first(raw['ts']);
  let timestamp: number | undefined;
  if (ts !== undefined && ts !== '') {
    if (/^\d{1,15}$/.test(ts)) timestamp = Number(ts);
    else errors.push(`parameter 'ts' must be a timestamp in milliseconds, but was '${ts}'`);
  }

  const f = first(raw['f']);
  let format: EventFormat | undefined;
  if (f === 'b' || f === 'i') format = f;
  else if (f !== undefined && f !== '') errors.push(`parameter 'f' must be b or i, but was '${f}'`);

  const x = first(raw['x']);
  if (x !== undefined && x !== '' && x !== '0' && x !== '1') {
    errors.push(`parameter 'x' must be 1 or 0, but was '${x}'`);
  }
  const integration = first(raw['int']);
  const intError = integrationError(integration);
  if (intError) errors.push(intError);

  if (errors.length > 0) return { ok: false, errors };
  const auctionId = first(raw['aid']);
  return {
    ok: true,
    query: {
      event: {
        type,
        bidId,
        bidder,
        ...(timestamp !== undefined ? { timestamp } : {}),
        ...(integration ? { integration } : {}),
        ...(auctionId ? { auctionId } : {}),
      },
      accountId: first(raw['a']) ?? '',
      ...(format ? { format } : {}),
      analytics: x !== '0',
    },
  };
}
