// Load drivers of `npm run bench`: closed-loop saturation with autocannon, and an open-loop fixed
// rate (S3) timed per request in microseconds with undici (autocannon's histogram is whole ms,
// too coarse for a "+2 ms" target).
import autocannon from 'autocannon';
import { Pool } from 'undici';

const PATH = '/openrtb2/auction';

export async function saturate(url, body, { connections, duration }) {
  const r = await autocannon({
    url: `${url}${PATH}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections,
    duration,
  });
  return { ok: r['2xx'], p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;

/** Sends `rate` requests per second for `duration` s whatever the answers; latencies in ms. */
export async function fixedRate(url, body, { rate, duration }) {
  const pool = new Pool(url, { connections: 256, keepAliveTimeout: 30_000 });
  const latencies = [];
  let bad = 0;
  const inflight = new Set();
  const one = async () => {
    const t0 = performance.now();
    try {
      const res = await pool.request({
        method: 'POST',
        path: PATH,
        headers: { 'content-type': 'application/json' },
        body,
      });
      await res.body.dump();
      if (res.statusCode === 200) latencies.push(performance.now() - t0);
      else bad += 1;
    } catch {
      bad += 1;
    }
  };
  const start = performance.now();
  let sent = 0;
  while (performance.now() - start < duration * 1000) {
    // Catch up with the schedule on each tick: timer jitter delays sends, never drops them.
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    for (; sent < due; sent++) {
      const p = one();
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inflight);
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    ok: latencies.length,
    p50: percentile(latencies, 0.5),
    p90: percentile(latencies, 0.9),
    p99: percentile(latencies, 0.99),
    p999: percentile(latencies, 0.999),
    max: latencies.at(-1) ?? NaN,
    bad,
  };
}
