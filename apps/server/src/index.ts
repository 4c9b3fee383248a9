// What other workspaces (the conformance tool, benchmarks) may use of the auction server.
export { createApp, type ServerApp, type ServerDeps } from './app.js';
export { ServerConfigSchema, SERVER_ENV_PREFIX, type ServerConfig } from './config/schema.js';
export type {
  Adapter,
  AdapterContext,
  BidderError,
  BidderResponse,
  MediaType,
  OutgoingRequest,
  TypedBid,
} from './bidders/types.js';
export type { BidderInfo, BidderModule } from './bidders/info.js';
export type { FixtureOutcome, FixtureSetup } from './bidders/fixture-runner.js';
export { runAdapterFixture } from './bidders/fixture-runner.js';
export { genericOrtbAdapter } from './bidders/generic-ortb.js';
export { builtInBidders } from './bidders/adapters/catalog.js';
// The auction core with its bidder-layer seam (the exchange conformance family, tests).
export { holdAuction, type HeldAuction, type PipelineServices } from './auction/pipeline.js';
export type { BidderLayer, BidderLayerResult } from './auction/bidder-layer.js';
export { createAuctionContext } from './auction/context.js';
export type { AuctionBid, AuctionContext, BidderRequest, SeatResult } from './auction/types.js';
export type { Account } from './accounts/types.js';
export { createBidderRegistry } from './bidders/registry.js';
export { encodeUidsCookie } from './usersync/uids-cookie.js';
export { createPrivacyEnforcement } from './privacy/enforce-privacy.js';
export { DEFAULT_PRIVACY_SETTINGS } from './privacy/settings.js';
export { createCcpaEnforcer } from './privacy/enforcers/ccpa.js';
export { createCoppaEnforcer } from './privacy/enforcers/coppa.js';
export { createLmtEnforcer } from './privacy/enforcers/lmt.js';
export { maskIp, roundGeo, scrubIds } from './privacy/scrub.js';
export type { PrivacyEnforcer } from './privacy/types.js';
export type { CacheClient } from './cache-client/cache-client.js';
export { registryVastPolicy, type BidIdGenerator } from './events/auction/index.js';
export { prepareMultibid } from './auction/steps/prepare-multibid.js';
export { DEFAULT_ACCOUNT_FLOORS } from './floors/index.js';
export { parseAccountDsa, parseAccountValidations } from './bidvalidation/index.js';
export { createFileCategoryFetcher } from './categories/index.js';
export { parseActivitySettings } from './privacy/activities/index.js';
export { HookError, type ExecutionPlan } from './modules/hooks/index.js';
export type * from './modules/types.js';
