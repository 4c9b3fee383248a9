// JSON decoding for adapters: never throws, reports a bidder error instead. Object-shaped reads use
// the wording of the upstream decoder ("expect { or n, but found X") that fixtures and clients match.
import type { BidderError } from '../types.js';
import { ERROR_CODE } from '../types.js';
import { firstNonSpace } from '../../openrtb/first-char.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: BidderError };

/** Upstream's message when a value that must be an object (or null) is something else. */
export function notAnObjectMessage(value: unknown): string {
  const text = value === undefined ? '' : JSON.stringify(value);
  return `expect { or n, but found ${text.charAt(0)}`;
}

/** `value` as a plain object, or a bad-input error naming what it found. */
export function asObject(value: unknown): Parsed<Record<string, unknown>> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return { ok: true, value: value as Record<string, unknown> };
  }
  return { ok: false, error: { code: ERROR_CODE.badInput, message: notAnObjectMessage(value) } };
}

/** Parses a response body; failures are bad server responses. */
export function parseJson<T>(text: string): Parsed<T> {
  try {
    return { ok: true, value: JSON.parse(text) as T };
  } catch (err) {
    const message = `Bad server response: ${(err as Error).message}`;
    return { ok: false, error: { code: ERROR_CODE.badServerResponse, message } };
  }
}

/**
 * Parses a body that must hold a JSON object, as upstream's typed decoder does: anything else (an
 * empty body, a JSON string, an array) fails with "expect { or n, but found X"; `null` is an empty object.
 */
export function parseJsonObject<T>(text: string): Parsed<T> {
  const first = firstNonSpace(text);
  if (first === 'n' && text.trim() === 'null') return { ok: true, value: {} as T };
  if (first !== '{') {
    return {
      ok: false,
      error: { code: ERROR_CODE.badServerResponse, message: `expect { or n, but found ${first}` },
    };
  }
  return parseJson<T>(text);
}
