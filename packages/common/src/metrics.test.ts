import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import perfHooks from 'node:perf_hooks';
import { EVENT_LOOP_RESOLUTION_MS, createFastHistogram, createServiceMetrics } from './metrics.js';

test('fast histogram: prom-client text format, cumulative buckets, reset zeroes kept series', async () => {
  const registry = new Registry();
  const h = createFastHistogram({
    name: 't_op_seconds',
    help: 'op latency',
    labelNames: ['backend', 'op'] as const,
    buckets: [0.01, 0.001],
    registry,
  });
  const put = h.labels({ backend: 'memory', op: 'put' });
  put.observe(0.0005);
  put.observe(0.001);
  put.observe(0.5);
  assert.equal(h.labels({ backend: 'memory', op: 'put' }), put);
  const text = await registry.metrics();
  assert.match(text, /# TYPE t_op_seconds histogram/);
  assert.match(text, /t_op_seconds_bucket\{le="0\.001",backend="memory",op="put"\} 2/);
  assert.match(text, /t_op_seconds_bucket\{le="0\.01",backend="memory",op="put"\} 2/);
  assert.match(text, /t_op_seconds_bucket\{le="\+Inf",backend="memory",op="put"\} 3/);
  assert.match(text, /t_op_seconds_sum\{backend="memory",op="put"\} 0\.5015/);
  assert.match(text, /t_op_seconds_count\{backend="memory",op="put"\} 3/);
  registry.resetMetrics();
  put.observe(0.002);
  assert.match(await registry.metrics(), /t_op_seconds_count\{backend="memory",op="put"\} 1/);
});

test('service metrics: HTTP timings by route, method and status', async () => {
  const m = createServiceMetrics({ prefix: 't_', collectProcess: false });
  m.httpDuration.observe('/cache', 'GET', 200, 0.002);
  m.httpDuration.observe('/cache', 'GET', 200, 0.004);
  m.httpDuration.observe('/cache', 'GET', 404, 0.001);
  const text = await m.registry.metrics();
  assert.match(text, /t_http_request_duration_seconds_count\{route="\/cache",method="GET",status="200"\} 2/);
  assert.match(text, /t_http_request_duration_seconds_count\{route="\/cache",method="GET",status="404"\} 1/);
});

test('the event-loop delay histogram samples every 100 ms unless told otherwise (each sample wakes the thread)', (t) => {
  const periods: number[] = [];
  const real = perfHooks.monitorEventLoopDelay;
  t.mock.method(perfHooks, 'monitorEventLoopDelay', (o?: { resolution?: number }) => {
    periods.push(o?.resolution ?? -1);
    return real(o);
  });
  createServiceMetrics({ prefix: 'a_', collectProcess: true });
  createServiceMetrics({ prefix: 'b_', collectProcess: true, eventLoopResolutionMs: 20 });
  assert.deepEqual(periods, [EVENT_LOOP_RESOLUTION_MS, 20]);
  assert.equal(EVENT_LOOP_RESOLUTION_MS, 100);
});
