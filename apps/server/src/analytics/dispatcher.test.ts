import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { createAnalytics } from './dispatcher.js';
import { BoundedQueue } from './queue.js';
import { createDropCounter } from './drops.js';
import { adapterView } from './request-view.js';
import { auctionEvent, recordingAdapter } from './analytics.testkit.js';
import type { AnalyticsEvent } from './types.js';

const cookieSync: AnalyticsEvent = { kind: 'cookieSync', status: 200, errors: [], bidderStatus: [] };

test('every adapter gets the event; the request keeps only its own analytics entry', () => {
  const log = recordingAdapter('log');
  const http = recordingAdapter('http');
  const other = recordingAdapter('other');
  const analytics = createAnalytics({ adapters: [log, http, other] });
  const ext = { core: { analytics: { log: { x: 1 }, http: { y: 2 } }, debug: true }, other: 1 };
  const event = auctionEvent(1, ext);
  analytics.record(event);
  assert.deepEqual(log.got[0]!.options, { x: 1 });
  assert.deepEqual((log.got[0]!.event as typeof event).request!.ext, {
    core: { analytics: { log: { x: 1 } }, debug: true },
    other: 1,
  });
  assert.deepEqual((http.got[0]!.event as typeof event).request!.ext!['core'], {
    analytics: { http: { y: 2 } },
    debug: true,
  });
  // Not named: the whole analytics object is left out (G).
  assert.deepEqual((other.got[0]!.event as typeof event).request!.ext!['core'], { debug: true });
  assert.equal(other.got[0]!.options, undefined);
  // The recorded event itself is untouched.
  assert.deepEqual(event.request!.ext, ext);
});

test('an event without analytics entries is handed over as is (no copy)', () => {
  const a = recordingAdapter('log');
  const event = auctionEvent(1, { core: { debug: true } });
  createAnalytics({ adapters: [a] }).record(event);
  assert.equal(a.got[0]!.event, event);
});

test('ext.<ns>.analytics.<name>.enabled=false switches that adapter off for the request', () => {
  const log = recordingAdapter('log');
  const http = recordingAdapter('http');
  const analytics = createAnalytics({ adapters: [log, http], ns: 'prebid' });
  analytics.record(auctionEvent(1, { prebid: { analytics: { log: { enabled: false } } } }));
  analytics.record(auctionEvent(2, { core: { analytics: { log: { enabled: false } } } }));
  assert.deepEqual(
    log.got.map((d) => (d.event as ReturnType<typeof auctionEvent>).request!.id),
    ['req-2'], // `core` is not the namespace here
  );
  assert.equal(http.got.length, 2);
});

test('reportAnalytics: asked per adapter for auction-like and notification events, not cookie sync', () => {
  const asked: string[] = [];
  const log = recordingAdapter('log');
  const http = recordingAdapter('http');
  const analytics = createAnalytics({
    adapters: [log, http],
    activityAllows: (name, event) => {
      asked.push(`${name}:${event.kind}`);
      return name !== 'http';
    },
  });
  analytics.record(auctionEvent());
  analytics.record({ kind: 'notification', type: 'win', bidId: 'b', accountId: 'a', bidder: 'appnexus' });
  analytics.record(cookieSync);
  assert.deepEqual(asked, ['log:auction', 'http:auction', 'log:notification', 'http:notification']);
  assert.deepEqual(
    log.got.map((d) => d.event.kind),
    ['auction', 'notification', 'cookieSync'],
  );
  assert.deepEqual(
    http.got.map((d) => d.event.kind),
    ['cookieSync'],
  );
});

test('scrubRequest gives the adapter its own copy of the request', () => {
  const a = recordingAdapter('log');
  const analytics = createAnalytics({
    adapters: [a],
    scrubRequest: (_name, request) => Object.assign({}, request, { user: undefined }),
  });
  const event = auctionEvent();
  event.request!.user = { id: 'u1' };
  analytics.record(event);
  assert.equal((a.got[0]!.event as typeof event).request!.user, undefined);
  assert.deepEqual(event.request!.user, { id: 'u1' });
});

test('record never throws: failing callbacks and adapters are counted as drops', () => {
  const warnings: Record<string, unknown>[] = [];
  const bad = {
    name: 'bad',
    accept: (): boolean => {
      throw new Error('boom');
    },
    close: () => Promise.reject(new Error('nope')),
  };
  const good = recordingAdapter('good');
  const analytics = createAnalytics({
    adapters: [bad, good],
    logger: { warn: (o) => warnings.push(o) },
    activityAllows: (name) => {
      if (name === 'good') throw new Error('activity failed');
      return true;
    },
  });
  analytics.record(auctionEvent());
  analytics.record(auctionEvent());
  analytics.record(cookieSync); // not activity-checked: reaches `good`
  assert.equal(analytics.dropped('bad'), 3);
  assert.equal(analytics.dropped('good'), 2);
  assert.equal(good.got.length, 1);
  // One "failed" line per adapter, plus the first-drop warning of each.
  assert.equal(warnings.filter((w) => w['err'] !== undefined).length, 2);
  return analytics.close(); // a rejecting close is logged, not thrown
});

test('a full adapter: drops counted in the registry, a warning on the first and then every N drops', async () => {
  const registry = new Registry();
  const warnings: Record<string, unknown>[] = [];
  const full = recordingAdapter('http', 2);
  const analytics = createAnalytics({
    adapters: [full],
    metrics: { registry },
    logger: { warn: (o) => warnings.push(o) },
    warnEvery: 10,
  });
  for (let i = 0; i < 27; i++) analytics.record(cookieSync);
  assert.equal(full.got.length, 2);
  assert.equal(analytics.dropped(), 25);
  assert.deepEqual(
    warnings.map((w) => w['dropped']),
    [1, 10, 20],
  );
  const text = await registry.metrics();
  assert.match(text, /gavel_analytics_dropped_total\{adapter="http",reason="queue_full"\} 25/);
});

test('after close, records are ignored; a duplicate adapter name is refused', async () => {
  const a = recordingAdapter('log');
  const analytics = createAnalytics({ adapters: [a] });
  await analytics.close();
  analytics.record(cookieSync);
  assert.equal(a.got.length, 0);
  assert.throws(() => createAnalytics({ adapters: [a, recordingAdapter('log')] }), /configured twice/);
});

test('adapterView: odd shapes', () => {
  const r = (ext: Record<string, unknown>) => auctionEvent(0, ext).request;
  assert.deepEqual(adapterView(r({ core: { analytics: [1] } }), 'core', 'log').request!.ext, { core: {} });
  assert.deepEqual(adapterView(r({ core: { analytics: { log: 5, x: 1 } } }), 'core', 'log').request!.ext, {
    core: { analytics: { log: 5 } },
  });
  assert.equal(adapterView(r({ core: { analytics: { log: 5 } } }), 'core', 'log').options, undefined);
  const empty = r({ core: { analytics: {} } });
  assert.equal(adapterView(empty, 'core', 'log').request, empty);
  assert.equal(adapterView(undefined, 'core', 'log').enabled, true);
  const proto = JSON.parse('{"core":{"analytics":{"__proto__":{"a":1},"log":{}}}}') as Record<
    string,
    unknown
  >;
  const seen = adapterView(r(proto), 'core', '__proto__').request!.ext!['core'] as Record<string, unknown>;
  assert.deepEqual(Object.keys(seen['analytics'] as object), ['__proto__']);
});

test('BoundedQueue: a ring that refuses when full', () => {
  const q = new BoundedQueue<number>(3);
  assert.equal(q.push(1) && q.push(2) && q.push(3), true);
  assert.equal(q.push(4), false);
  assert.deepEqual(q.take(2), [1, 2]);
  assert.equal(q.push(5) && q.push(6), true);
  assert.deepEqual(q.take(10), [3, 5, 6]);
  assert.equal(q.length, 0);
  assert.equal(q.push(7), true);
  assert.equal(q.clear(), 1);
  assert.throws(() => new BoundedQueue(0), RangeError);
});

test('createDropCounter: totals per adapter; zero is not a drop', () => {
  const d = createDropCounter();
  d.add('a', 0, 'closed');
  d.sinkFor('a')(3, 'send_failed');
  d.add('b', 2, 'queue_full');
  assert.equal(d.total('a'), 3);
  assert.equal(d.total(), 5);
});
