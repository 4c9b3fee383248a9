// Price floors (upstream G floors/): request-side signalling and bid-side enforcement, as pure
// functions. The periodic fetcher lives in floors/fetch/ and hands over `{ data, status }`.
//
// Contract for the pipeline (all functions are pure and never throw):
//
//   const settings: FloorsSettings = {
//     hostEnabled: config['price-floors'].enabled,
//     account: parseAccountFloors(accountDoc.price_floors, accountDefaultsFromConfig(config['price-floors'])).settings,
//   };   // parseAccountFloors(...).errors non-empty → the malformed-account error
//
//   1. After validation, before the bidder requests are split (G exchange.go HoldAuction):
//        enrichWithPriceFloors({ request, ns, settings, fetched?, convert, random }) → { request, errors }
//      `request` replaces ctx.request (imp.bidfloor/bidfloorcur, imp.ext.<ns>.floors, ext.<ns>.floors);
//      `errors` are request errors (G: ext.errors.<ns>, code 999).
//   2. Per bidder request, after the split:
//        bidderFloorFactors({ auction, ns, settings, accountFactors? }) once per auction, then
//        divideBidderFloors(bidderCopy, bidder, factors) → BidRequest
//   3. After the bids are priced (adjusted, in the ad-server currency), before ranking:
//        enforceFloors({ request: enrichedRequest, ns, settings, bids, convert, random })
//          → { kept, rejected (code 301/304 → seatnonbid), warnings (code 10009), errors (999),
//              enforced, enforcePbs (for enforcedRequest), impFloors (bid.ext.<ns>.floors by imp id) }
//
//   convert(amount, from, to): number — throws on an unknown pair (the message is quoted).
//   random(): number in [0, 1) — upstream's integer draws (rand.Intn) are derived from it.
export type {
  BidFloorsExt,
  ConvertFn,
  FetchedFloors,
  FetchStatus,
  FloorsLocation,
  ImpFloorsExt,
  PriceFloorData,
  PriceFloorEnforcement,
  PriceFloorModelGroup,
  PriceFloorRules,
  PriceFloorSchema,
  RandomFn,
} from './types.js';
export { enrichWithPriceFloors, FLOORS_DISABLED, type EnrichInput, type EnrichResult } from './enrich.js';
export {
  enforcedRequest,
  enforceFloors,
  type EnforceInput,
  type EnforceResult,
  type FloorBid,
  type FloorRejectionCode,
} from './enforce.js';
export { bidderFloorFactors, divideBidderFloors, type BidderFloorFactors } from './bidder-floors.js';
export {
  accountDefaultsFromConfig,
  DEFAULT_ACCOUNT_FLOORS,
  parseAccountFloors,
  type AccountFloorsSettings,
  type FloorsFetchSettings,
  type FloorsSettings,
} from './settings.js';
export { priceFloorsSection, type PriceFloorsConfig } from './config-section.js';
export { parseFloorData, parseFloorRules } from './parse.js';
export { SCHEMA_FIELDS, type SchemaField } from './validate.js';
