// One event as one line of JSON (the log adapter's lines, the HTTP adapter's array elements):
// serialised once per event, whichever adapters take it, as text plus — for an auction answered to
// the client — the reply's own UTF-8 bytes, which each adapter copies into its batch (batch.ts)
// instead of walking and encoding the response again.
import { omitKeys } from '@gavel/common';
import { rememberedJsonBytes } from '../openrtb/json-text.js';
import type { AnalyticsEvent } from './types.js';

/**
 * An event's JSON: `head` alone, or — when `sent` is there — `head`, then the bytes of `sent`, then
 * `}` (the response spliced in as the bytes the client was sent).
 */
export interface EventJson {
  readonly head: string;
  readonly sent: Buffer | undefined;
}

/**
 * Adapters that see the same event object (the usual case: no per-adapter view or scrubbing) share
 * one serialisation; the entry goes with the event.
 */
const serialized = new WeakMap<AnalyticsEvent, EventJson | null>();

const RESPONSE_KEY = ['response'];

/** The event's JSON, or undefined when it cannot be serialised (a cycle, a BigInt, a throwing toJSON). */
export function eventJson(event: AnalyticsEvent): EventJson | undefined {
  const known = serialized.get(event);
  if (known !== undefined) return known ?? undefined;
  let json: EventJson | null;
  try {
    json = withSentResponse(event) ?? { head: JSON.stringify(event), sent: undefined };
  } catch {
    json = null;
  }
  serialized.set(event, json);
  return json ?? undefined;
}

/** The event's JSON as one UTF-8 Buffer (tests, and adapters that write events one by one). */
export function eventJsonBytes(json: EventJson): Buffer {
  const head = Buffer.from(json.head, 'utf8');
  return json.sent === undefined ? head : Buffer.concat([head, json.sent, Buffer.from('}')]);
}

/**
 * The event with its `response` spliced in as the bytes the client was sent (the largest part of
 * an auction event, already serialised and encoded once); undefined when those are not known.
 */
function withSentResponse(event: AnalyticsEvent): EventJson | undefined {
  if (!('response' in event)) return undefined;
  const sent = rememberedJsonBytes(event.response);
  if (sent === undefined) return undefined;
  const head = JSON.stringify(omitKeys(event, RESPONSE_KEY));
  return { head: `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"response":`, sent };
}
