// auction.bidder-max-response-bytes over a real local socket: a body past the cap is cut as soon as
// it passes (not read to the end, not waited for), and the bidder gets a bad-server-response error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createManualClock } from '@gavel/common';
import type { RegisteredBidder } from './registry.js';
import { createUndiciTransport, tooLargeMessage } from './transport.js';
import { runAdapter } from './run-adapter.js';
import { ERROR_CODE, type Adapter } from './types.js';

const MiB = 1 << 20;
const CAP = 4 * MiB;
const chunk = Buffer.alloc(64 * 1024, 'x');

/** Writes `bytes` in 64 KiB chunks (respecting back-pressure), then ends unless `hold`. */
function stream(res: ServerResponse, bytes: number, hold: boolean): void {
  let sent = 0;
  const more = (): void => {
    while (sent < bytes && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    if (!hold && !res.destroyed) res.end();
  };
  more();
}

async function server() {
  const closed: string[] = [];
  const srv = createServer((req, res) => {
    res.on('close', () => closed.push(req.url ?? ''));
    if (req.url === '/ten') {
      res.writeHead(200, { 'content-type': 'application/json' });
      stream(res, 10 * MiB, false);
    } else if (req.url === '/hold') {
      // 5 MiB, then nothing: only cutting at the cap can end this call before its deadline.
      res.writeHead(200, { 'content-type': 'application/json' });
      stream(res, 5 * MiB, true);
    } else if (req.url === '/declared') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 * MiB) });
      res.write('{"pad":"');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"pad":"${'y'.repeat(MiB)}"}`);
    }
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  const stop = async () => {
    srv.closeAllConnections();
    await new Promise<void>((r) => srv.close(() => r()));
  };
  return { url, closed, stop };
}

const transportOf = (max?: number) =>
  createUndiciTransport({
    connectionsPerOrigin: 4,
    keepAliveTimeoutMs: 1000,
    lingerMs: 100,
    ...(max !== undefined ? { maxResponseBytes: max } : {}),
  });

const get = (uri: string) => ({ method: 'GET' as const, uri, impIds: [] });

test('a 10 MB body is cut at 4 MiB and is a failure "response body exceeds N bytes"', async () => {
  const s = await server();
  const transport = transportOf(CAP);
  try {
    for (const path of ['/ten', '/hold', '/declared']) {
      const started = performance.now();
      const r = await transport.send(get(`${s.url}${path}`), 5000);
      const ms = performance.now() - started;
      assert.deepEqual(r, { kind: 'failure', message: tooLargeMessage(CAP) }, path);
      assert.equal(tooLargeMessage(CAP), 'response body exceeds 4194304 bytes');
      // Long before the 5 s budget: the call ended when the cap was passed.
      assert.ok(ms < 2000, `${path} took ${ms.toFixed(0)} ms`);
    }
    // Under the cap the answer is whole; the pool still works after the cut calls.
    const ok = await transport.send(get(`${s.url}/small`), 5000);
    assert.equal(ok.kind, 'response');
    assert.equal(ok.kind === 'response' ? ok.response.body.length : 0, MiB + 10);
    // The cut connections were closed (the server saw them go).
    const cut = ['/ten', '/hold', '/declared'];
    for (let i = 0; i < 250 && !cut.every((p) => s.closed.includes(p)); i++)
      await new Promise((r) => setTimeout(r, 20));
    for (const path of cut) assert.ok(s.closed.includes(path), path);
  } finally {
    await transport.close();
    await s.stop();
  }
});

test('without a cap (the cache client) a large body is read whole', async () => {
  const s = await server();
  const transport = transportOf();
  try {
    const r = await transport.send(get(`${s.url}/ten`), 10_000);
    assert.equal(r.kind, 'response');
    assert.equal(r.kind === 'response' ? r.response.body.length : 0, 10 * MiB);
  } finally {
    await transport.close();
    await s.stop();
  }
});

test('through run-adapter: the bidder error is a bad server response naming the cap', async () => {
  const s = await server();
  const transport = transportOf(CAP);
  const adapter: Adapter = {
    makeRequests: () => ({ value: [get(`${s.url}/ten`)], errors: [] }),
    makeBids: () => ({ value: { bids: [] }, errors: [] }),
  };
  const bidder: RegisteredBidder = {
    code: 'x',
    info: { endpoint: s.url, enabled: true, capabilities: { site: ['banner'] } },
    adapter,
    paramsSchema: {},
  };
  try {
    const out = await runAdapter(
      { bidder: 'x', request: { id: 'r', imp: [{ id: 'i', banner: { format: [{ w: 1, h: 1 }] } }] } },
      bidder,
      {
        transport,
        clock: createManualClock(0),
        deadline: 5000,
        debug: false,
        adapterContext: {
          server: { externalUrl: '', gvlId: 0, dataCenter: '' },
          convertCurrency: (a) => a,
          version: 't',
        },
      },
    );
    assert.deepEqual(out.errors, [
      {
        code: ERROR_CODE.badServerResponse,
        message: 'Bidder call failed: response body exceeds 4194304 bytes',
      },
    ]);
  } finally {
    await transport.close();
    await s.stop();
  }
});
