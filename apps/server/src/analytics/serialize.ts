// One event as one line of JSON (the log adapter's lines, the HTTP adapter's array elements).
import type { AnalyticsEvent } from './types.js';

/** The event as JSON, or undefined when it cannot be serialised (a cycle, a BigInt, a throwing toJSON). */
export function eventToJson(event: AnalyticsEvent): string | undefined {
  try {
    return JSON.stringify(event);
  } catch {
    return undefined;
  }
}
