// Hostile values the fuzzer puts where a valid one was: wrong types, huge and odd numbers, unicode
// oddities, long strings and deep nesting (the latter spliced in as raw JSON text by the caller).
import fc from 'fast-check';

/** A value to splice in; `raw` is JSON text that replaces the marker string after serialisation. */
export interface Hostile {
  label: string;
  value: unknown;
  raw?: string;
}

export const DEEP_MARKER = '\u0000__chaos_deep__\u0000';

const ODD_NUMBERS = [
  1e308,
  -1e308,
  2 ** 53 + 1,
  -(2 ** 63),
  2 ** 64,
  4294967296,
  -1,
  -0,
  5e-324,
  0.1 + 0.2,
  1e21,
  123456789012345680000,
];

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u202d',
  '\ufeff',
  '\u200b\u200c\u200d',
  '𝕏'.repeat(500),
  '🏳️‍🌈👩‍👩‍👧‍👦',
  'Ω≈ç√∫˜µ≤≥÷',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '../../../../etc/passwd',
  '%00%ff%zz',
  'NaN',
  'Infinity',
  '-1',
  '1e400',
  'null',
  'true',
  '{}',
];

const wrongType = fc.constantFrom<unknown>('str', 0, 1, true, false, null, [], {}, [null], { '': null });

const hugeNumber = fc.oneof(
  fc.constantFrom(...ODD_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const unicode = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 32 }),
);

const longString = fc
  .tuple(fc.constantFrom('a', 'é', '𝕏', '"', '\\'), fc.integer({ min: 1000, max: 60_000 }))
  .map(([c, n]) => c.repeat(n));

/** Arrays or objects nested `depth` deep, as JSON text (too deep for JSON.stringify to build). */
export function nestedText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const deep = fc
  .tuple(fc.integer({ min: 20, max: 20_000 }), fc.constantFrom<'array' | 'object'>('array', 'object'))
  .map(([depth, kind]): Hostile => ({
    label: `nested ${kind} depth ${depth}`,
    value: DEEP_MARKER,
    raw: nestedText(depth, kind),
  }));

/** Any hostile value, labelled for the report. */
export const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  wrongType.map((value) => ({ label: `wrong type ${JSON.stringify(value)}`, value })),
  hugeNumber.map((value) => ({ label: `number ${String(value)}`, value })),
  unicode.map((value) => ({ label: 'unicode string', value })),
  longString.map((value) => ({ label: `long string (${value.length})`, value })),
  deep,
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ label: 'random JSON', value })),
);

/** Hostile query-parameter text (already a string; the caller encodes it, or not for `raw`). */
export const hostileParam: fc.Arbitrary<{ label: string; text: string; raw: boolean }> = fc.oneof(
  unicode.map((text) => ({ label: 'unicode', text, raw: false })),
  hugeNumber.map((n) => ({ label: `number ${String(n)}`, text: String(n), raw: false })),
  fc
    .constantFrom('99999999999999999999', '-5', '0x10', '1.5', '1e3', ' 1', '1 ', '+1', '０１')
    .map((text) => ({ label: `numeric-ish ${text}`, text, raw: false })),
  longString.map((text) => ({ label: `long (${text.length})`, text: text.slice(0, 6000), raw: false })),
  fc
    .constantFrom('%', '%zz', '%ff%fe', '%00', '%E0%A4%A', '%C0%AF', '&&&', '==', '#frag', '+%2B+')
    .map((text) => ({ label: `raw ${text}`, text, raw: true })),
);

/** Percent-encoding of the UTF-8 bytes (lone surrogates become U+FFFD, where encodeURIComponent throws). */
export function pct(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
