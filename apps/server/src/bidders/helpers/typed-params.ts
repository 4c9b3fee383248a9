// Checking that a bidder's string params are strings, with the wording of upstream's typed decode
// ("cannot unmarshal <type>.<Field>: expects " or n, but found X") that fixtures and clients match on.
import type { BidderError } from '../types.js';

/**
 * The bad-input error for the first of `fields` (params key → upstream field name) whose value is
 * present but not a string; undefined when all are strings or absent. `type` names the params type.
 */
export function stringParamError(
  params: Readonly<Record<string, unknown>>,
  type: string,
  fields: Readonly<Record<string, string>>,
): BidderError | undefined {
  for (const [key, field] of Object.entries(fields)) {
    const value = params[key];
    if (value === undefined || value === null || typeof value === 'string') continue;
    const found = (JSON.stringify(value) ?? '').charAt(0);
    return { code: 2, message: `cannot unmarshal ${type}.${field}: expects " or n, but found ${found}` };
  }
  return undefined;
}
