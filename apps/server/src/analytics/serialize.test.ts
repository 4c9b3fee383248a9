// eventToBytes: the same JSON whether or not the response's bytes are reused, serialised once per event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonBytesRemembered } from '../openrtb/json-text.js';
import type { BidResponse } from '../openrtb/types.js';
import { eventToBytes } from './serialize.js';
import type { AnalyticsEvent } from './types.js';

const response = {
  id: 'r',
  seatbid: [{ seat: 'a', bid: [{ id: 'b', impid: 'i', price: 1.5, adm: '<p>é ✓ 😀</p>' }] }],
};

function event(res: BidResponse): AnalyticsEvent {
  return { kind: 'auction', status: 200, errors: [], response: res, accountId: 'acc', startedAt: 1 };
}

const text = (e: AnalyticsEvent): string | undefined => {
  const parts = eventToBytes(e);
  return parts && Buffer.concat(parts).toString('utf8');
};

test('a response sent to the client is spliced in as sent; the JSON is the same as a fresh one', () => {
  const sent = structuredClone(response) as unknown as BidResponse;
  const replyBytes = jsonBytesRemembered(sent);
  assert.ok(eventToBytes(event(sent))?.includes(replyBytes), 'the reply bytes are shared, not copied');
  const spliced = text(event(sent));
  const fresh = text(event(structuredClone(response)));
  assert.ok(spliced?.endsWith(`"response":${JSON.stringify(response)}}`));
  assert.deepEqual(JSON.parse(spliced ?? ''), JSON.parse(fresh ?? ''));
});

test('an event is serialised once: a second call returns the same bytes', () => {
  const e = event(structuredClone(response));
  assert.equal(eventToBytes(e), eventToBytes(e));
});

test('an event that cannot be serialised gives undefined', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic['self'] = cyclic;
  assert.equal(eventToBytes(event(cyclic as unknown as BidResponse)), undefined);
});

test('an event whose only other key is the response still makes valid JSON', () => {
  const sent = structuredClone(response) as unknown as BidResponse;
  jsonBytesRemembered(sent);
  const only = { response: sent } as unknown as AnalyticsEvent;
  assert.deepEqual(JSON.parse(text(only) ?? ''), { response });
});
