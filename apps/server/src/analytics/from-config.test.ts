import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { Value } from '@sinclair/typebox/value';
import { ConfigError, withProps } from '@gavel/common';
import { analyticsSection, type AnalyticsConfig } from './config-section.js';
import { createAnalyticsFromConfig } from './from-config.js';
import { auctionEvent, recordingAdapter, startCollector } from './analytics.testkit.js';

const defaults = (): AnalyticsConfig => Value.Default(analyticsSection.analytics, {}) as AnalyticsConfig;

const cfg = (patch: { log?: object; http?: object }): AnalyticsConfig => {
  const d = defaults();
  return withProps(d, { log: withProps(d.log, patch.log ?? {}), http: withProps(d.http, patch.http ?? {}) });
};

test('defaults: no adapter enabled; the schema defaults are the documented ones', async () => {
  const d = defaults();
  assert.deepEqual(d.http, {
    enabled: false,
    url: '',
    'batch-size': 100,
    'batch-bytes': 1_048_576,
    'batch-interval-ms': 1000,
    'max-retries': 3,
    'retry-initial-ms': 500,
    'retry-max-ms': 30000,
    'timeout-ms': 5000,
    'max-in-flight': 4,
    'queue-size': 10000,
    headers: {},
  });
  assert.deepEqual(d.log, {
    enabled: false,
    file: '',
    'queue-size': 10000,
    'batch-size': 100,
    'batch-bytes': 1_048_576,
    'flush-interval-ms': 100,
  });
  const analytics = createAnalyticsFromConfig({ analytics: d });
  assert.deepEqual(analytics.adapterNames, []);
  analytics.record(auctionEvent());
  await analytics.close();
});

test('http enabled without a usable URL is a config error naming the key', () => {
  for (const [url, message] of [
    ['', /analytics\.http\.url: required/],
    ['nope', /analytics\.http\.url: not a URL/],
    ['ftp://x/', /analytics\.http\.url: must be an http\(s\) URL/],
  ] as const) {
    assert.throws(
      () => createAnalyticsFromConfig({ analytics: cfg({ http: { enabled: true, url } }) }),
      (err: unknown) => err instanceof ConfigError && message.test(err.message),
    );
  }
});

test('a log file that cannot be opened is a config error', () => {
  assert.throws(
    () =>
      createAnalyticsFromConfig({ analytics: cfg({ log: { enabled: true, file: '/nonexistent/a/b.log' } }) }),
    (err: unknown) => err instanceof ConfigError && /analytics\.log\.file: cannot open/.test(err.message),
  );
});

test('both adapters and an extra one, reading ext.prebid.analytics under ext-namespace prebid', async () => {
  const collector = await startCollector();
  try {
    let out = '';
    const stdout = new Writable({
      write(chunk: Buffer, _enc, cb) {
        out += chunk.toString();
        cb();
      },
    });
    const extra = recordingAdapter('mine');
    const analytics = createAnalyticsFromConfig(
      {
        analytics: cfg({ log: { enabled: true }, http: { enabled: true, url: collector.url } }),
        'ext-namespace': 'prebid',
      },
      { stdout, extraAdapters: [extra] },
    );
    assert.deepEqual(analytics.adapterNames, ['log', 'http', 'mine']);
    analytics.record(
      auctionEvent(1, { prebid: { analytics: { http: { enabled: false }, mine: { k: 1 } } } }),
    );
    analytics.record(auctionEvent(2));
    await analytics.close();
    assert.equal(out.trimEnd().split('\n').length, 2);
    assert.deepEqual(
      collector.batches.flat().map((e) => (e as { request: { id: string } }).request.id),
      ['req-2'],
    );
    assert.deepEqual(extra.got[0]!.options, { k: 1 });
  } finally {
    await collector.close();
  }
});
