// ISO 4217 code check for request rates and `cur` (notes §12: request rate codes are validated).
// Uses the runtime's ICU list (Intl.supportedValuesOf) rather than a hand-kept table.

const KNOWN: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** True for a recognised ISO 4217 alphabetic code (upper case, as on the wire). */
export function isKnownCurrency(code: string): boolean {
  return KNOWN.has(code);
}

/**
 * Errors for `ext.{ns}.currency.rates` (400 lines): every FROM and TO must be a known code and
 * every rate a positive number. G wording: `currency code X is not recognized or malformed`.
 */
export function validateRequestRates(rates: unknown, ns: string): string[] {
  if (rates === undefined || rates === null) return [];
  const field = `request.ext.${ns}.currency.rates`;
  if (typeof rates !== 'object' || Array.isArray(rates)) return [`${field} must be an object`];
  const errors: string[] = [];
  for (const [from, row] of Object.entries(rates as Record<string, unknown>)) {
    if (!isKnownCurrency(from)) errors.push(`currency code ${from} is not recognized or malformed`);
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      errors.push(`${field}.${from} must be an object`);
      continue;
    }
    for (const [to, v] of Object.entries(row as Record<string, unknown>)) {
      if (!isKnownCurrency(to)) errors.push(`currency code ${to} is not recognized or malformed`);
      if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
        errors.push(`${field}.${from}.${to} must be a positive number`);
      }
    }
  }
  return errors;
}
