// Analytics (issue 20; G analytics/, J analytics/): the endpoints record what happened, adapters write
// it somewhere, never on the request's critical path. docs/analytics.md.
//
// Contract (exported API):
//
//   createAnalyticsFromConfig({ analytics, 'ext-namespace' }, { logger?, metrics?, activityAllows?,
//                             scrubRequest?, extraAdapters?, stdout?, timers? }) → Analytics
//   createAnalytics({ adapters, activityAllows?, scrubRequest?, ns?, logger?, metrics?, drops?,
//                     warnEvery? }) → Analytics
//     analytics.record(event)   sync, never throws; event = AuctionEvent | AmpEvent | VideoEvent |
//                               CookieSyncEvent | SetUidEvent | NotificationEvent (types.ts)
//     analytics.close()         flush and stop every adapter (server shutdown)
//     analytics.dropped(name?)  events lost so far
//   createLogAdapter(opts), createHttpAdapter(opts): the two built-in adapters
//   analyticsSection (config-section.ts): host config keys `analytics.*`
export type {
  AmpEvent,
  AnalyticsAdapter,
  AnalyticsEvent,
  AnalyticsEventKind,
  AnalyticsLogger,
  AnalyticsTimers,
  AuctionEvent,
  AuctionLikeFields,
  CookieSyncBidderStatus,
  CookieSyncEvent,
  DropReason,
  DropSink,
  NotificationEvent,
  SetUidEvent,
  VideoEvent,
} from './types.js';
export { createAnalytics, type Analytics, type AnalyticsOptions } from './dispatcher.js';
export { createDropCounter, type DropCounter, type DropCounterOptions } from './drops.js';
export { BoundedQueue, realTimers } from './queue.js';
export { Batch, BatchQueue, BufferPool } from './batch.js';
export { adapterView, type AdapterView } from './request-view.js';
export { eventJson, eventJsonBytes, type EventJson } from './serialize.js';
export { createLogAdapter, type LogAdapter, type LogAdapterOptions } from './log/log-adapter.js';
export { createHttpAdapter, type HttpAdapter, type HttpAdapterOptions } from './http/http-adapter.js';
export { createUndiciPoster, type HttpPost } from './http/transport.js';
export {
  analyticsSection,
  analyticsHttpSchema,
  analyticsLogSchema,
  type AnalyticsConfig,
} from './config-section.js';
export { createAnalyticsFromConfig, type AnalyticsDeps } from './from-config.js';
