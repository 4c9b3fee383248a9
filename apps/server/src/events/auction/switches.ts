// When an auction carries event URLs (G exchange/events.go getEventTracking, isEventAllowed): the
// account's `events.enabled` OR an `events` member in the request's `ext.<ns>` (any value but null;
// G reads it as raw JSON, so `{}` and even `{"enabled":false}` switch events on).

/** Everything the per-bid functions need, read once per auction. */
export interface AuctionEventsContext {
  /** Event URLs and VAST trackers are written at all. */
  enabled: boolean;
  /** Public base URL of this server (config `external-url`). */
  externalUrl: string;
  /** `a=`: the auction's account id ('' when the request names none, as upstream). */
  accountId: string;
  /** `ts=`: the auction's start, ms since the epoch; left out of URLs unless > 0. */
  timestamp: number;
  /** `int=`: `ext.<ns>.integration`, else the account's default integration; '' = none. */
  integration: string;
}

export interface EventsSwitchInput {
  /** The request's `ext.<ns>` value (anything; non-objects count as "no events member"). */
  requestExt: unknown;
  /** Account `events.enabled`. */
  accountEventsEnabled: boolean;
}

export interface AuctionEventsContextInput {
  /** The request's `ext.<ns>` value. */
  requestExt: unknown;
  account: { id: string; eventsEnabled: boolean; defaultIntegration?: string };
  externalUrl: string;
  /** Auction start (ms since the epoch, from the injected clock). */
  startedAt: number;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** G: `account.Events.Enabled || requestExtPrebid.Events != nil`. */
export function eventsEnabled(input: EventsSwitchInput): boolean {
  if (input.accountEventsEnabled) return true;
  const ext = input.requestExt;
  return isRecord(ext) && ext['events'] !== undefined && ext['events'] !== null;
}

/**
 * `ext.<ns>.integration` when it is a non-empty string, else the account's `default_integration`
 * (G's endpoint writes it into the request when the request has none), else ''.
 */
export function integrationOf(requestExt: unknown, accountDefault?: string): string {
  const own = isRecord(requestExt) ? requestExt['integration'] : undefined;
  if (typeof own === 'string' && own !== '') return own;
  return accountDefault ?? '';
}

export function auctionEventsContext(input: AuctionEventsContextInput): AuctionEventsContext {
  return {
    enabled: eventsEnabled({
      requestExt: input.requestExt,
      accountEventsEnabled: input.account.eventsEnabled,
    }),
    externalUrl: input.externalUrl,
    accountId: input.account.id,
    timestamp: Number.isFinite(input.startedAt) ? Math.trunc(input.startedAt) : 0,
    integration: integrationOf(input.requestExt, input.account.defaultIntegration),
  };
}
