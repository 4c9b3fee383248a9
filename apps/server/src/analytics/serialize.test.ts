// eventJson: the same JSON whether or not the response's bytes are reused, serialised once per event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonBytesRemembered } from '../openrtb/json-text.js';
import type { BidResponse } from '../openrtb/types.js';
import { eventJson, eventJsonBytes } from './serialize.js';
import type { AnalyticsEvent } from './types.js';

const response = {
  id: 'r',
  seatbid: [{ seat: 'a', bid: [{ id: 'b', impid: 'i', price: 1.5, adm: '<p>é ✓ 😀</p>' }] }],
};

function event(res: BidResponse): AnalyticsEvent {
  return { kind: 'auction', status: 200, errors: [], response: res, accountId: 'acc', startedAt: 1 };
}

const text = (e: AnalyticsEvent): string | undefined => {
  const json = eventJson(e);
  return json && eventJsonBytes(json).toString('utf8');
};

test('a response sent to the client is spliced in as sent; the JSON is the same as a fresh one', () => {
  const sent = structuredClone(response) as unknown as BidResponse;
  const replyBytes = jsonBytesRemembered(sent);
  assert.equal(eventJson(event(sent))?.sent, replyBytes, 'the reply bytes are shared, not copied');
  const spliced = text(event(sent));
  const fresh = text(event(structuredClone(response)));
  assert.equal(eventJson(event(structuredClone(response)))?.sent, undefined);
  assert.ok(spliced?.endsWith(`"response":${JSON.stringify(response)}}`));
  assert.deepEqual(JSON.parse(spliced ?? ''), JSON.parse(fresh ?? ''));
});

test('an event is serialised once: a second call returns the same JSON', () => {
  const e = event(structuredClone(response));
  assert.equal(eventJson(e), eventJson(e));
});

test('an event that cannot be serialised gives undefined', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic['self'] = cyclic;
  assert.equal(eventJson(event(cyclic as unknown as BidResponse)), undefined);
});

test('an event whose only other key is the response still makes valid JSON', () => {
  const sent = structuredClone(response) as unknown as BidResponse;
  jsonBytesRemembered(sent);
  const only = { response: sent } as unknown as AnalyticsEvent;
  assert.deepEqual(JSON.parse(text(only) ?? ''), { response });
});
