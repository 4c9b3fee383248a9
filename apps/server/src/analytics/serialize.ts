// One event as one line of JSON (the log adapter's lines, the HTTP adapter's array elements).
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
    json = JSON.stringify(event);
  } catch {
    json = null;
  }
  serialized.set(event, json);
  return json ?? undefined;
}
