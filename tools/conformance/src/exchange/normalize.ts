// Exchange README §7.1: both sides of a comparison as PBS-Go would re-encode them. Outside `ext`,
// zero-valued plain scalars and empty arrays vanish (omitempty); pointer fields keep an explicit 0;
// every `ext` is kept verbatim. Both sides go through the same function, so the rule is symmetric.
type Obj = Record<string, unknown>;

/** OpenRTB 2.6 fields that are pointers in openrtb2 (an explicit 0 survives the round trip). */
const POINTER_FIELDS = new Set([
  'secure',
  'lmt',
  'dnt',
  'gdpr',
  'privacypolicy',
  'livestream',
  'skip',
  'boxingallowed',
  'fd',
  'js',
  'geofetch',
  'mobile',
  'sequence',
  'minbitrate',
]);

function isZero(v: unknown): boolean {
  return v === 0 || v === '' || v === false || v === null || (Array.isArray(v) && v.length === 0);
}

/** OpenRTB 2.6 `Regs` members: anything else is lost in Go's typed decode (e.g. a misspelt `gppsid`). */
const REGS_FIELDS = new Set(['coppa', 'gdpr', 'us_privacy', 'gpp', 'gpp_sid', 'ext']);

export function normalizeOrtb(v: unknown, parent = ''): unknown {
  if (Array.isArray(v)) return v.map((x) => normalizeOrtb(x));
  if (v === null || typeof v !== 'object') return v;
  const out: Obj = {};
  for (const [k, val] of Object.entries(v as Obj)) {
    if (k === 'ext') {
      if (val !== null && val !== undefined) out[k] = val;
      continue;
    }
    if (val === undefined || (isZero(val) && !(POINTER_FIELDS.has(k) && val === 0))) continue;
    if (parent === 'regs' && !REGS_FIELDS.has(k)) continue;
    out[k] = normalizeOrtb(val, k);
  }
  return out;
}
