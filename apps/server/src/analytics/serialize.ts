// One event as one line of JSON (the log adapter's lines, the HTTP adapter's array elements).
import { rememberedJson } from '../openrtb/json-text.js';
import type { AnalyticsEvent } from './types.js';

/**
 * Adapters that see the same event object (the usual case: no per-adapter view or scrubbing) share
 * one serialisation; the entry goes with the event.
 */
const serialized = new WeakMap<AnalyticsEvent, string | null>();

/** The event as JSON, or undefined when it cannot be serialised (a cycle, a BigInt, a throwing toJSON). */
export function eventToJson(event: AnalyticsEvent): string | undefined {
  const known = serialized.get(event);
  if (known !== undefined) return known ?? undefined;
  let json: string | null;
  try {
    json = withSentResponse(event) ?? JSON.stringify(event);
  } catch {
    json = null;
  }
  serialized.set(event, json);
  return json ?? undefined;
}

/**
 * The event with its `response` spliced in as the text the client was sent (the largest part of an
 * auction event, already serialised once); undefined when that text is not known.
 */
function withSentResponse(event: AnalyticsEvent): string | undefined {
  if (!('response' in event)) return undefined;
  const sent = rememberedJson(event.response);
  if (sent === undefined) return undefined;
  const rest = Object.assign({}, event) as unknown as Record<string, unknown>;
  delete rest['response'];
  const head = JSON.stringify(rest);
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"response":${sent}}`;
}
