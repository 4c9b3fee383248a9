// Modules in whole auctions (POST /openrtb2/auction over a scripted transport): a throwing hook and a
// slow one leave the auction answered; ortb2blocking sets badv on the bidder request and drops a bid
// of a blocked domain; richmedia-filter drops an MRAID creative; a rejecting hook answers nbr.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../openrtb/types.js';
import { buildTestApp, scriptedTransport } from '../../test/harness.js';
import { bids, config, group } from './modules.testkit.js';
import type { Module } from './types.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createMemorySource } from '../stored/memory-source.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Obj = Record<string, unknown>;

const request = {
  id: 'r',
  test: 1,
  site: { page: 'https://p.example/' },
  imp: [{ id: 'i', banner: { format: [{ w: 300, h: 250 }] }, ext: { prebid: { bidder: { alpha: {} } } } }],
  ext: { prebid: { trace: 'verbose' } },
};

const faulty: Module = {
  code: 'test.faulty',
  hooks: {
    processed_auction_request: {
      slow: () => new Promise((resolve) => setTimeout(() => resolve({ reject: true, nbrCode: 1 }), 200)),
    },
    bidder_request: {
      boom: () => {
        throw new Error('boom');
      },
    },
  },
};

const rejecting: Module = {
  code: 'test.reject',
  hooks: {
    entrypoint: { no: () => ({ reject: true, nbrCode: 124 }) },
    raw_auction_request: { no: () => ({ reject: true, nbrCode: 125 }) },
    processed_auction_request: { no: () => ({ reject: true, nbrCode: 123 }) },
  },
};

/** The analytics log lines `run` leaves in a fresh file (the log adapter enabled on it by `run`). */
async function analyticsLines(run: (file: string) => Promise<void>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-modules-'));
  try {
    const file = join(dir, 'analytics.jsonl');
    await run(file);
    return readFileSync(file, 'utf8').trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a throwing hook and a slow hook leave the auction answered; the trace says what happened', async () => {
  const transport = scriptedTransport(bids);
  const stages = {
    processed_auction_request: { groups: [group([['test.faulty', 'slow']], 20)] },
    bidder_request: { groups: [group([['test.faulty', 'boom']])] },
  };
  const app = await buildTestApp(config(stages), { transport, extraModules: [faulty] });
  const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: request });
  assert.equal(res.statusCode, 200, res.body);
  const out = res.json<{ seatbid?: { bid: unknown[] }[]; nbr?: number; ext: { prebid: { modules: Obj } } }>();
  assert.equal(out.nbr, undefined, 'the slow hook timed out: its rejection does not count');
  assert.equal(out.seatbid?.[0]?.bid.length, 3);
  const trace = JSON.stringify(out.ext.prebid.modules);
  assert.match(trace, /"status":"timeout"/);
  assert.match(trace, /"status":"execution_failure"/);
});

test('ortb2blocking sets badv and drops the blocked domain; richmedia drops the MRAID creative', async () => {
  const sent: BidRequest[] = [];
  const transport = scriptedTransport((req) => {
    sent.push(JSON.parse(req.body ?? '{}') as BidRequest);
    return bids(req);
  });
  const stages = {
    bidder_request: { groups: [group([['prebid.ortb2blocking', 'ortb2blocking-bidder-request']])] },
    raw_bidder_response: { groups: [group([['prebid.ortb2blocking', 'ortb2blocking-raw-bidder-response']])] },
    all_processed_bid_responses: { groups: [group([['prebid.richmedia-filter', 'any']])] },
  };
  const app = await buildTestApp(config(stages), { transport });
  const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: request });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(sent[0]?.['badv'], ['blocked.com']);
  const ids = res.json<{ seatbid: { bid: { id: string }[] }[] }>().seatbid[0]?.bid.map((b) => b.id);
  assert.deepEqual(ids, ['good']);
});

test("the auction's analytics event carries the module outcomes (G HookExecutionOutcome)", async () => {
  const lines = await analyticsLines(async (file) => {
    const stages = {
      bidder_request: { groups: [group([['prebid.ortb2blocking', 'ortb2blocking-bidder-request']])] },
    };
    const app = await buildTestApp(config(stages, { analytics: { log: { enabled: true, file } } }), {
      transport: scriptedTransport(bids),
    });
    const untraced = { ...request, ext: { prebid: {} } };
    for (const payload of [request, untraced]) {
      const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload });
      assert.equal(res.statusCode, 200, res.body);
    }
    await app.closeResources();
  });
  const [event, second] = lines.map((line) => JSON.parse(line) as { hookOutcomes?: Obj[] });
  const hookOf = (e: typeof event) => {
    const stage = e?.hookOutcomes?.[0] as { entity: string; groups: { invocation_results: Obj[] }[] };
    assert.equal(stage.entity, 'alpha');
    return stage.groups[0]?.invocation_results[0] as Obj;
  };
  assert.equal(hookOf(second)['debug_messages'], undefined, 'G: cleared unless the trace is verbose');
  const hook = hookOf(event);
  assert.deepEqual(hook['hook_id'], {
    module_code: 'prebid.ortb2blocking',
    hook_impl_code: 'ortb2blocking-bidder-request',
  });
  assert.equal(hook['status'], 'success');
  assert.equal(hook['action'], 'update');
  assert.ok(Array.isArray(hook['debug_messages']), 'debug messages of a verbose trace, as upstream');
  assert.equal(hook['errors'], undefined, 'errors and warnings are not part of the JSON (G json:"-")');
});

test('an entrypoint rejection of a body that is not JSON records an empty request (G: {"id":"","imp":null})', async () => {
  const lines = await analyticsLines(async (file) => {
    const stages = { entrypoint: { groups: [group([['test.reject', 'no']])] } };
    const app = await buildTestApp(config(stages, { analytics: { log: { enabled: true, file } } }), {
      transport: scriptedTransport(bids),
      extraModules: [rejecting],
    });
    const res = await app.publicApp.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { id: '', nbr: 124 });
    await app.closeResources();
  });
  assert.equal(lines.length, 1, 'one event');
  const event = JSON.parse(lines[0] ?? '') as { request: unknown };
  assert.deepEqual(event.request, { id: '', imp: null });
});

test('an answer refused with an error carries no hookOutcomes, though a stage ran (G sets them with the answer)', async () => {
  const lines = await analyticsLines(async (file) => {
    const passing: Module = { code: 'test.pass', hooks: { entrypoint: { ok: () => ({}) } } };
    const stages = { entrypoint: { groups: [group([['test.pass', 'ok']])] } };
    const app = await buildTestApp(config(stages, { analytics: { log: { enabled: true, file } } }), {
      transport: scriptedTransport(bids),
      extraModules: [passing],
    });
    const res = await app.publicApp.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      payload: { ...request, imp: [] },
    });
    assert.equal(res.statusCode, 400, res.body);
    await app.closeResources();
  });
  assert.equal(lines.length, 1, 'one event');
  const event = JSON.parse(lines[0] ?? '') as { status: number; hookOutcomes?: unknown };
  assert.equal(event.status, 400);
  assert.equal(event.hookOutcomes, undefined);
});

test('a module rejecting the processed request answers 200 with nbr and no bids', async () => {
  const transport = scriptedTransport(bids);
  const stages = { processed_auction_request: { groups: [group([['test.reject', 'no']])] } };
  const app = await buildTestApp(config(stages), { transport, extraModules: [rejecting] });
  const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: request });
  assert.equal(res.statusCode, 200);
  const out = res.json<{ id: string; nbr: number; seatbid?: unknown }>();
  assert.equal(out.id, 'r');
  assert.equal(out.nbr, 123);
  assert.equal(out.seatbid, undefined);
  assert.equal(transport.sent.length, 0, 'no bidder called');
});

test('a rejected auction is recorded for analytics with the module error and the request (G rejectAuctionRequest)', async () => {
  const lines = await analyticsLines(async (file) => {
    for (const stage of ['entrypoint', 'raw_auction_request', 'processed_auction_request']) {
      const stages = { [stage]: { groups: [group([['test.reject', 'no']])] } };
      const app = await buildTestApp(config(stages, { analytics: { log: { enabled: true, file } } }), {
        transport: scriptedTransport(bids),
        extraModules: [rejecting],
      });
      const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: request });
      assert.equal(res.statusCode, 200, res.body);
      await app.closeResources();
    }
  });
  const events = lines.map(
    (l) =>
      JSON.parse(l) as {
        kind: string;
        status: number;
        errors: string[];
        response: Obj;
        request?: Obj;
        accountId?: string;
      },
  );
  assert.equal(events.length, 3, 'every rejection recorded');
  assert.deepEqual(
    events.map((e) => [e.kind, e.status, e.response['nbr'], e.request?.['id'], e.accountId]),
    [
      ['auction', 200, 124, 'r', undefined],
      ['auction', 200, 125, 'r', undefined],
      ['auction', 200, 123, 'r', ''],
    ],
    'the request as the stage saw it; the account once resolved (processed stage)',
  );
  assert.equal(
    (events[2]?.request?.['imp'] as Obj[])[0]?.['secure'],
    1,
    'the processed request (implicit fields filled), not the body',
  );
  assert.match(
    events[0]?.errors[0] ?? '',
    /test\.reject.*rejected request with code 124 at entrypoint stage/,
  );
  assert.match(
    events[2]?.errors[0] ?? '',
    /rejected request with code 123 at processed_auction_request stage/,
  );
  assert.match(events[1]?.errors[0] ?? '', /rejected request with code 125 at raw_auction_request stage/);
});

test('a rejected AMP request is recorded for analytics as an amp event with the module error', async () => {
  const lines = await analyticsLines(async (file) => {
    const tag = { id: 't', site: { page: 'https://p.example/' }, imp: request.imp };
    for (const stage of ['entrypoint', 'processed_auction_request']) {
      const stages = { [stage]: { groups: [group([['test.reject', 'no']])] } };
      const cfg = config(stages, { analytics: { log: { enabled: true, file } } }, '/openrtb2/amp');
      const app = await buildTestApp(cfg, {
        transport: scriptedTransport(bids),
        extraModules: [rejecting],
        storedSources: [createMemorySource({ 'amp-request': { tag1: JSON.stringify(tag) } })],
      });
      const res = await app.publicApp.inject({ method: 'GET', url: '/openrtb2/amp?tag_id=tag1' });
      assert.equal(res.statusCode, 200, res.body);
      await app.closeResources();
    }
  });
  const [entry, processed] = lines.map(
    (l) => JSON.parse(l) as { kind: string; errors: string[]; response: Obj; request?: Obj },
  );
  assert.equal(entry?.kind, 'amp');
  assert.equal(entry?.response['nbr'], 124);
  assert.match(entry?.errors[0] ?? '', /rejected request with code 124 at entrypoint stage/);
  assert.equal(entry?.request, undefined, 'G sets no request on the AMP object before the auction');
  assert.equal(processed?.response['nbr'], 123);
  assert.deepEqual((processed?.request?.['imp'] as Obj[]).length, 1, 'the request the auction ran with');
});
