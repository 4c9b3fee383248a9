// The JSON of a bidder's request body, sharing work between the bidders of one auction. Their bodies
// are shallow copies of one request: `site`, `device`, `user`, `regs`, `source` are the same objects
// in every copy (two thirds of a body's bytes), only `imp` and `ext` differ per bidder. Each top-level
// object's text is kept by identity for the rest of the current synchronous job — the one in which
// the auction builds every bidder's calls — and reused by the next body that holds the same object.
// The bytes are exactly JSON.stringify(body)'s: same keys, order and skipping of undefined values.
// Nothing is kept past the job (a queued microtask drops the memo), so an object changed later
// is serialised afresh.

import { ORTB_SCHEMA } from './ortb-schema.js';

let memo: Map<object, string> | undefined;

function dropMemo(): void {
  memo = undefined;
}

function memoNow(): Map<object, string> {
  if (memo === undefined) {
    memo = new Map();
    queueMicrotask(dropMemo);
  }
  return memo;
}

/** JSON.stringify(value) of one property value, through the memo when it is an object. */
function valueJson(value: unknown, known: Map<object, string>): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  let text = known.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    if (text !== undefined) known.set(value, text);
  }
  return text;
}

/** `"key":` of OpenRTB's BidRequest fields (the field table's), made once: body keys from clients are not kept. */
const FIELD_PREFIX: ReadonlyMap<string, string> = new Map(
  Object.keys(ORTB_SCHEMA['BidRequest'] ?? {}).map((key) => [key, `${JSON.stringify(key)}:`]),
);

/** JSON.stringify(body) for a plain request body object (no toJSON of its own). */
export function bodyJson(body: object): string {
  if (typeof (body as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(body);
  const known = memoNow();
  let out = '{';
  for (const key of Object.keys(body)) {
    const text = valueJson((body as Record<string, unknown>)[key], known);
    if (text === undefined) continue;
    const prefix = FIELD_PREFIX.get(key) ?? `${JSON.stringify(key)}:`;
    out += out.length > 1 ? `,${prefix}${text}` : `${prefix}${text}`;
  }
  return `${out}}`;
}
