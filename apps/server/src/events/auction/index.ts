// Event URLs and bid ids in auction responses (upstream PBS-Go exchange/events.go and the bid id
// generator of exchange/exchange.go; docs/events.md). Pure functions; the pipeline wires them.
//
// Exported API (the contract with the coordinator):
//
//   eventsEnabled({ requestExt, accountEventsEnabled }): boolean
//     account `events.enabled` OR a non-null `events` member in the request's ext.<ns> (G).
//   auctionEventsContext({ requestExt, account: { id, eventsEnabled, defaultIntegration? },
//                          externalUrl, startedAt }): AuctionEventsContext
//     read once per auction: enabled, externalUrl, accountId, timestamp (ts=), integration (int=).
//   bidEvents({ externalUrl, bidId, accountId, bidder, timestamp?, integration? }): { win, imp }
//     the URLs of bid.ext.<ns>.events, as G writes them.
//   vastTrackerUrl(same input): string            the VAST impression tracker (imp, f=b).
//   injectVastTracker({ adm?, nurl? }, trackerUrl): string | undefined
//     the new adm: tracker inserted into adm, or G's nurl wrapper carrying it; undefined = unchanged.
//   decorateBid(ctx, { seat, type, bid: { id, adm?, nurl? }, generatedBidId? },
//               { modifyingVastXmlAllowed }): { adm?, events? }
//     one bid: events for non-video bids, VAST tracker for video bids the bidder allows (G).
//   cachedBidWithWinUrl(bidObject, events?): bidObject + { wurl } (the cached bid JSON, G).
//   createBidIdGenerator({ enabled, uuid? }): BidIdGenerator { enabled, next(seat) → {ok,id}|{ok:false,error} }
//   assignBidIds({ generator, ns, bids: { seat }[] }): { ids, errors }
//   applyAuctionEvents({ ns, context, bidIds, vastPolicy, bids }): { bids: { generatedBidId?, adm?, events? }[], errors }
//     everything above for one auction, results parallel to `bids`; errors are
//     { code: 999, message: 'Error generating bid.ext.<ns>.bidid' } for ext.errors.<ns>.
//   registryVastPolicy(registry): (seat) => boolean   known + enabled + modifyingVastXmlAllowed.
//   Test kit (bid-ids.testkit.ts): createTestBidIdGenerator({ enabled?, fail? }) → `bid-<seat>-<n>`,
//     harnessBidIdGenerator({ generateBidID, returnError }).
export {
  eventsEnabled,
  integrationOf,
  auctionEventsContext,
  type AuctionEventsContext,
  type AuctionEventsContextInput,
  type EventsSwitchInput,
} from './switches.js';
export {
  bidEvents,
  vastTrackerUrl,
  cachedBidWithWinUrl,
  type BidEvents,
  type BidEventsInput,
} from './bid-events.js';
export { injectVastTracker, nurlWrapperVast, type VastBid } from './vast.js';
export {
  createBidIdGenerator,
  assignBidIds,
  bidIdErrorMessage,
  BID_ID_ERROR_CODE,
  type BidIdGenerator,
  type BidIdGeneratorOptions,
  type BidIdResult,
  type AssignBidIdsInput,
  type AssignBidIdsResult,
} from './bid-ids.js';
export {
  decorateBid,
  applyAuctionEvents,
  registryVastPolicy,
  type EventBidInput,
  type EventBidOutput,
  type DecorateBidOptions,
  type VastPolicy,
  type ApplyAuctionEventsInput,
  type ApplyAuctionEventsResult,
  type AppliedBid,
} from './apply.js';
