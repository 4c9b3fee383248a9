// eventToJson: the same JSON whether or not the response's text is reused, serialised once per event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stringifyRemembered } from '../openrtb/json-text.js';
import type { BidResponse } from '../openrtb/types.js';
import { eventToJson } from './serialize.js';
import type { AnalyticsEvent } from './types.js';

const response = { id: 'r', seatbid: [{ seat: 'a', bid: [{ id: 'b', impid: 'i', price: 1.5 }] }] };

function event(res: BidResponse): AnalyticsEvent {
  return { kind: 'auction', status: 200, errors: [], response: res, accountId: 'acc', startedAt: 1 };
}

test('a response sent to the client is spliced in as sent; the JSON is the same as a fresh one', () => {
  const sent = structuredClone(response) as unknown as BidResponse;
  stringifyRemembered(sent);
  const spliced = eventToJson(event(sent));
  const fresh = eventToJson(event(structuredClone(response)));
  assert.ok(spliced?.endsWith(`"response":${JSON.stringify(response)}}`));
  assert.deepEqual(JSON.parse(spliced ?? ''), JSON.parse(fresh ?? ''));
});

test('an event is serialised once: a second call returns the same text', () => {
  const e = event(structuredClone(response));
  assert.equal(eventToJson(e), eventToJson(e));
});

test('an event that cannot be serialised gives undefined', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic['self'] = cyclic;
  assert.equal(eventToJson(event(cyclic as unknown as BidResponse)), undefined);
});
