// One event as one line of JSON in UTF-8 (the log adapter's lines, the HTTP adapter's array
// elements): encoded once per event, whichever adapters take it, as pieces that each adapter joins
// into its own write (the reply's bytes are shared, not copied once more per event).
import { omitKeys } from '@gavel/common';
import { rememberedJsonBytes } from '../openrtb/json-text.js';
import type { AnalyticsEvent } from './types.js';

/**
 * Adapters that see the same event object (the usual case: no per-adapter view or scrubbing) share
 * one serialisation; the entry goes with the event.
 */
const serialized = new WeakMap<AnalyticsEvent, EventBytes | null>();

/** An event's JSON as UTF-8 pieces, in order. */
export type EventBytes = readonly Buffer[];

const RESPONSE_KEY = ['response'];
const CLOSE = Buffer.from('}');

/** The event as UTF-8 JSON pieces, or undefined when it cannot be serialised (a cycle, a BigInt, a throwing toJSON). */
export function eventToBytes(event: AnalyticsEvent): EventBytes | undefined {
  const known = serialized.get(event);
  if (known !== undefined) return known ?? undefined;
  let bytes: EventBytes | null;
  try {
    bytes = withSentResponse(event) ?? [Buffer.from(JSON.stringify(event), 'utf8')];
  } catch {
    bytes = null;
  }
  serialized.set(event, bytes);
  return bytes ?? undefined;
}

/**
 * The event with its `response` spliced in as the bytes the client was sent (the largest part of
 * an auction event, already serialised and encoded once); undefined when those are not known.
 */
function withSentResponse(event: AnalyticsEvent): EventBytes | undefined {
  if (!('response' in event)) return undefined;
  const sent = rememberedJsonBytes(event.response);
  if (sent === undefined) return undefined;
  const head = JSON.stringify(omitKeys(event, RESPONSE_KEY));
  const open = `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"response":`;
  return [Buffer.from(open, 'utf8'), sent, CLOSE];
}
