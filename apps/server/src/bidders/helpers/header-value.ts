// Reading a bidder's response header by name, case-insensitively (HTTP header names are), first value.
import type { IncomingResponse } from '../types.js';

/** The first value of header `name`, or undefined. */
export function headerValue(headers: IncomingResponse['headers'], name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== lower || value === undefined) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
