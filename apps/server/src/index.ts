// What other workspaces (the conformance tool, benchmarks) may use of the auction server.
export { createApp, type ServerApp, type ServerDeps } from './app.js';
export { ServerConfigSchema, SERVER_ENV_PREFIX, type ServerConfig } from './config/schema.js';
export type {
  Adapter,
  AdapterContext,
  BidderError,
  BidderResponse,
  OutgoingRequest,
  TypedBid,
} from './bidders/types.js';
export type { BidderInfo, BidderModule } from './bidders/info.js';
export type { FixtureOutcome, FixtureSetup } from './bidders/fixture-runner.js';
export { runAdapterFixture } from './bidders/fixture-runner.js';
export { genericOrtbAdapter } from './bidders/generic-ortb.js';
export { builtInBidders } from './bidders/adapters/catalog.js';
