// Ports, logging, health, shutdown and HTTP limits of the auction server.
import { Type } from '@sinclair/typebox';
import { serviceSections } from '@gavel/common';

export const coreSection = {
  ...serviceSections({
    publicPort: 8000,
    publicDescription: 'Public port: auction, AMP, video, cookie sync, events, /status, /version',
    adminPort: 8060,
    adminDescription: 'Admin port: /metrics, /currency/rates, stored-data invalidation, /status, /version',
  }),
  'external-url': Type.String({
    default: 'http://localhost:8000',
    description: 'Public base URL of this server (event and sync URLs)',
  }),
  datacenter: Type.String({
    default: '',
    description: 'Data-centre name given to bidders in ext.<ns>.server.datacenter (upstream `datacenter`)',
  }),
  'server-info-to-bidders': Type.Boolean({
    default: true,
    description:
      'Write ext.<ns>.server {externalurl, gvlid (privacy.gdpr.host-vendor-id), datacenter} into every bidder request (upstream Go)',
  }),
  'max-request-size': Type.Integer({
    minimum: 1,
    default: 262144,
    description: 'Largest accepted request body in bytes (413 beyond it)',
  }),
  workers: Type.Integer({
    minimum: -1,
    default: -1,
    description:
      'Worker processes (node:cluster) serving both ports: -1 = one per core, 0 = no cluster (one process). State kept in memory (cache backend, stored-data cache, rates) is per process',
  }),
  'young-generation-mb': Type.Integer({
    minimum: 0,
    default: 192,
    description:
      "V8 young-generation size of each serving process, in MB: an auction's objects live as long as its bidder calls, and Node's default (48 MB) copies them between GC spaces once or twice under load; at 8 bidders under saturation 192 MB ran no mark-compact where 96 MB ran one every 1–2 s (docs/operations.md). V8 rounds its semi-spaces (a third each) up to a power of two: 128, 160 and 192 measured alike. Keep v8-initial-old-space-mb above the live heap plus a third of this. Without workers the server runs in a worker thread given this size; cluster workers get --max-semi-space-size. 0 = Node's default; ignored when node runs with --max-semi-space-size or --max-young-generation-size (also via NODE_OPTIONS)",
  }),
  'v8-initial-old-space-mb': Type.Integer({
    minimum: 0,
    default: 128,
    description:
      "V8's starting old-generation size (--initial-old-space-size), in MB. V8 starts a full mark-compact whenever the old generation's room below its next limit is smaller than the young generation's capacity (a third of young-generation-mb); over a server's ~35 MB live heap that room is too small, and a lightly loaded server then ran a mark-compact every few seconds with a 15–30 ms marking step (docs/operations.md). Set by the process that starts the serving thread or workers, before their heaps exist; 0 = V8's default; ignored when node runs with --initial-old-space-size",
  }),
  'v8-interrupt-budget': Type.Integer({
    minimum: 0,
    default: 8192,
    description:
      "V8's tier-up budget (--interrupt-budget, bytes of bytecode): how much a function runs between the checks that decide to optimise it. V8's default (67584) suits browsers; an auction runs hundreds of functions once each, so a lightly loaded server would spend its first minute in unoptimised code and in compiling it (docs/operations.md). Set by the serving thread before it loads the app; 0 = V8's default; ignored when node runs with --interrupt-budget",
  }),
  'v8-allocation-site-pretenuring': Type.Boolean({
    default: false,
    description:
      "V8's allocation-site pretenuring: allocating a site's objects straight in the old generation once most of them survived a scavenge. A server's per-request objects only look long-lived when a scavenge catches many requests in flight; a site tenured then makes every request's objects die in old space, where they keep younger objects alive until the next full GC (measured: a quarter to a half of server processes stuck at 30–100% more CPU per auction; docs/operations.md). Off by default: the serving thread turns it off before it loads the app; ignored when node runs with --[no-]allocation-site-pretenuring",
  }),
  'v8-inline-array-builtins': Type.Boolean({
    default: false,
    description:
      "V8's inlining of Array.prototype.map, filter, forEach and their kin into optimised code. An inlined map returns its array in another elements kind (holey) than the built-in (packed), so once a function that makes arrays is optimised, the optimised functions that read them meet a new hidden class, deoptimise and compile again: in a fresh server a dozen of the largest functions, inside its first seconds of traffic (docs/operations.md). Off by default: the serving thread turns it off before it loads the app; ignored when node runs with --[no-]turbo-inline-array-builtins",
  }),
  'v8-lazy-feedback-allocation': Type.Boolean({
    default: false,
    description:
      "V8's lazy feedback allocation: a function records the hidden classes it meets only after it has run a while. A connection's first request meets a socket Node has not yet added its per-connection properties to, so optimised code that never saw one deoptimises and compiles again when new connections arrive: in a fresh server at light load about half of its optimising compiles in the first measured seconds (docs/operations.md). Off by default: the serving thread gives functions their feedback on their first call before it loads the app; ignored when node runs with --[no-]lazy-feedback-allocation",
  }),
  'v8-memory-reducer': Type.Boolean({
    default: false,
    description:
      "V8's memory reducer: once the allocation rate looks idle (a lightly loaded server's does), mark-compacts that shrink the heap, the young generation included, to its minimum. young-generation-mb is then undone for minutes: scavenges every ~80 ms instead of ~1.3 s at ~110 auctions a second, promoting requests in flight (docs/operations.md). Off by default: the serving thread turns it off before it loads the app; ignored when node runs with --[no-]memory-reducer",
  }),
  'ext-namespace': Type.Union([Type.Literal('core'), Type.Literal('prebid')], {
    default: 'core',
    description:
      "The service's own ext namespace: `core` (ext.core.*) or `prebid` for unchanged Prebid.js / Prebid Mobile clients",
  }),
};
