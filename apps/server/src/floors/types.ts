// Price floors vocabulary (upstream G openrtb_ext/floors.go): the `ext.<ns>.floors` object of the
// request, the fetched floors data, and the fetch status / location strings written back into it.
// Wire names are kept exactly; absent optional fields mean "not given" (G's zero value / nil).

/** G's fetch status strings (`ext.<ns>.floors.fetchstatus`). */
export type FetchStatus = 'none' | 'success' | 'error' | 'timeout' | 'inprogress';

/** Where the floors in use came from (`ext.<ns>.floors.location`). */
export type FloorsLocation = 'request' | 'fetch' | 'noData';

export interface PriceFloorSchema {
  fields?: string[];
  /** Rule key delimiter; "|" when absent. */
  delimiter?: string;
}

export interface PriceFloorModelGroup {
  currency?: string;
  /** 1..100; absent → 1 when picking by weight. */
  modelweight?: number;
  modelversion?: string;
  /** 0..100. */
  skiprate?: number;
  schema: PriceFloorSchema;
  /** Rule key (schema values joined by the delimiter, `*` = any) → floor. */
  values?: Record<string, number>;
  default?: number;
}

export interface PriceFloorData {
  currency?: string;
  skiprate?: number;
  /** 0 (absent) or 2. */
  floorsschemaversion?: number;
  modeltimestamp?: number;
  modelgroups?: PriceFloorModelGroup[];
  floorprovider?: string;
  /** Fetched data only: percentage of auctions that use it (absent → always). */
  usefetchdatarate?: number;
}

export interface PriceFloorEnforcement {
  enforcejs?: boolean;
  enforcepbs?: boolean;
  floordeals?: boolean;
  bidadjustment?: boolean;
  enforcerate?: number;
}

/** `ext.<ns>.floors` (G PriceFloorRules). */
export interface PriceFloorRules {
  floormin?: number;
  floormincur?: string;
  skiprate?: number;
  floorendpoint?: { url?: string };
  data?: PriceFloorData;
  enforcement?: PriceFloorEnforcement;
  enabled?: boolean;
  skipped?: boolean;
  floorprovider?: string;
  fetchstatus?: string;
  location?: string;
}

/** `imp.ext.<ns>.floors` written by enrichment (G ExtImpPrebidFloors). */
export interface ImpFloorsExt {
  floorrule?: string;
  floorrulevalue?: number;
  floorvalue?: number;
}

/** `bid.ext.<ns>.floors` (G ExtBidPrebidFloors; camelCase on the wire, as upstream). */
export interface BidFloorsExt {
  floorRule?: string;
  floorRuleValue?: number;
  floorValue?: number;
  floorCurrency?: string;
}

/**
 * Currency conversion injected by the caller: `amount` in `from` expressed in `to`.
 * Throws (any Error) when the pair is unknown; the message is quoted in the floors errors.
 */
export type ConvertFn = (amount: number, from: string, to: string) => number;

/** Uniform random number in [0, 1) (Math.random); upstream's integer draws are derived from it. */
export type RandomFn = () => number;

/** What the floors fetcher (floors/fetch/) hands over for the account. */
export interface FetchedFloors {
  /** The fetched floors file: a `data` object (PriceFloorData), as upstream fetches it. */
  data?: unknown;
  status: FetchStatus;
}
