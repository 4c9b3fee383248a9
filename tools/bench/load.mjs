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
// One client pool per server, kept across calls: the warm-up window opens the connections the
// measured window then reuses. A fresh pool per window put 256 TCP handshakes and first requests
// into the measured window's first 100 ms (half of the slow requests of a 10 s S3 window).
const pools = new Map();
const poolFor = (url) => {
  if (!pools.has(url)) pools.set(url, new Pool(url, { connections: 256, keepAliveTimeout: 30_000 }));
  return pools.get(url);
};

/** Closes the connections fixedRate keeps between windows. */
export async function closeLoadPools() {
  await Promise.all([...pools.values()].map((p) => p.close()));
  pools.clear();
}

export async function fixedRate(url, body, { rate, duration }) {
  const pool = poolFor(url);
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
