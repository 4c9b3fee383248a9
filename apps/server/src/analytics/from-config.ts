// Host config (config-section.ts) → the analytics dispatcher with the configured adapters, sharing one
// drop counter. A bad setting (http enabled without a URL, a log file that cannot be opened) throws a
// ConfigError naming the key, so the server refuses to start as for any other config error.
import type { Registry } from 'prom-client';
import type { Writable } from 'node:stream';
import { ConfigError } from '@gavel/common';
import type { BidRequest } from '../openrtb/types.js';
import type { AnalyticsConfig } from './config-section.js';
import { createAnalytics, type Analytics } from './dispatcher.js';
import { createDropCounter, type DropCounter } from './drops.js';
import { createHttpAdapter } from './http/http-adapter.js';
import { createLogAdapter } from './log/log-adapter.js';
import type { AnalyticsAdapter, AnalyticsEvent, AnalyticsLogger, AnalyticsTimers } from './types.js';

export interface AnalyticsDeps {
  logger?: AnalyticsLogger;
  metrics?: { registry: Registry };
  /** The `reportAnalytics` activity check (see createAnalytics). */
  activityAllows?: (adapterName: string, event: AnalyticsEvent) => boolean;
  /** transmitUfpd / transmitPreciseGeo scrubs of the adapter's copy (see createAnalytics). */
  scrubRequest?: (adapterName: string, request: BidRequest, event: AnalyticsEvent) => BidRequest;
  /** Adapters the host adds in code, after the configured ones. */
  extraAdapters?: readonly AnalyticsAdapter[];
  /** The log adapter's stream when `analytics.log.file` is empty (default stdout). */
  stdout?: Writable;
  timers?: AnalyticsTimers;
}

function checkUrl(url: string): string | undefined {
  if (url === '') return 'analytics.http.url: required when analytics.http.enabled is true';
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:'
      ? undefined
      : `analytics.http.url: must be an http(s) URL, got "${u.protocol}"`;
  } catch {
    return `analytics.http.url: not a URL: "${url}"`;
  }
}

/** The JSON-lines log adapter of `analytics.log`; a file that cannot be opened is a ConfigError. */
function logAdapterFromConfig(
  cfg: AnalyticsConfig,
  deps: AnalyticsDeps,
  drops: DropCounter,
): AnalyticsAdapter {
  try {
    return createLogAdapter({
      file: cfg.log.file,
      stream: deps.stdout,
      queueSize: cfg.log['queue-size'],
      batchSize: cfg.log['batch-size'],
      batchBytes: cfg.log['batch-bytes'],
      flushIntervalMs: cfg.log['flush-interval-ms'],
      onDrop: drops.sinkFor('log'),
      logger: deps.logger,
    });
  } catch (err) {
    throw new ConfigError([`analytics.log.file: cannot open "${cfg.log.file}": ${(err as Error).message}`]);
  }
}

/** The HTTP adapter of `analytics.http` (its URL already checked). */
function httpAdapterFromConfig(
  cfg: AnalyticsConfig,
  deps: AnalyticsDeps,
  drops: DropCounter,
): AnalyticsAdapter {
  const h = cfg.http;
  return createHttpAdapter({
    url: h.url,
    batchSize: h['batch-size'],
    batchBytes: h['batch-bytes'],
    batchIntervalMs: h['batch-interval-ms'],
    maxRetries: h['max-retries'],
    retryInitialMs: h['retry-initial-ms'],
    retryMaxMs: h['retry-max-ms'],
    timeoutMs: h['timeout-ms'],
    maxInFlight: h['max-in-flight'],
    queueSize: h['queue-size'],
    headers: h.headers,
    onDrop: drops.sinkFor('http'),
    logger: deps.logger,
    timers: deps.timers,
  });
}

export function createAnalyticsFromConfig(
  config: { analytics: AnalyticsConfig; 'ext-namespace'?: string },
  deps: AnalyticsDeps = {},
): Analytics {
  const cfg = config.analytics;
  const h = cfg.http;
  const problem = h.enabled ? checkUrl(h.url) : undefined;
  if (problem) throw new ConfigError([problem]);
  const drops = createDropCounter({
    registry: deps.metrics?.registry,
    logger: deps.logger,
    warnEvery: cfg['warn-every'],
  });
  const adapters: AnalyticsAdapter[] = [];
  if (cfg.log.enabled) adapters.push(logAdapterFromConfig(cfg, deps, drops));
  if (h.enabled) adapters.push(httpAdapterFromConfig(cfg, deps, drops));
  adapters.push(...(deps.extraAdapters ?? []));
  return createAnalytics({
    adapters,
    activityAllows: deps.activityAllows,
    scrubRequest: deps.scrubRequest,
    ns: config['ext-namespace'],
    logger: deps.logger,
    drops,
  });
}
