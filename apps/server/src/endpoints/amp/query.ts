// GET /openrtb2/amp query parameters (contract "GET /openrtb2/amp" table; notes §15): strings in,
// a typed AmpQuery out. Unparseable numbers are ignored, except `timeout` and `gdpr_applies` → 400.

export interface AmpSize {
  w: number;
  h: number;
}

export interface AmpQuery {
  tagId?: string;
  account?: string;
  curl?: string;
  slot?: string;
  w?: number;
  h?: number;
  ow?: number;
  oh?: number;
  /** Parsed `ms`; absent when missing or when any item is malformed (G: the whole list is ignored). */
  ms?: AmpSize[];
  timeout?: number;
  targeting?: string;
  /** `consent_string` (newer name) or else `gdpr_consent`. */
  consent?: string;
  consentType?: string;
  gdprApplies?: boolean;
  addtlConsent?: string;
  /** `gpp_sid`: comma-separated GPP section ids (J); undefined when absent or not a list of integers. */
  gppSid?: number[];
  debug: boolean;
  sourceOrigin?: string;
}

export type RawQuery = Readonly<Record<string, string | string[] | undefined>>;

function sidList(text: string | undefined): number[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const ids = text.split(',').map((s) => Number(s.trim()));
  return ids.every((n) => Number.isInteger(n)) ? ids : undefined;
}

function str(q: RawQuery, key: string): string | undefined {
  const v = q[key];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? undefined : s;
}

/** A positive integer, else undefined (G ignores bad sizes: they simply don't count). */
function dimension(s: string | undefined): number | undefined {
  if (s === undefined || !/^\d+$/.test(s)) return undefined;
  const n = Number(s);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
}

export function parseMultiSize(ms: string | undefined): AmpSize[] | undefined {
  if (ms === undefined) return undefined;
  const out: AmpSize[] = [];
  for (const item of ms.split(',')) {
    const m = /^\s*(\d+)x(\d+)\s*$/i.exec(item);
    const w = dimension(m?.[1]);
    const h = dimension(m?.[2]);
    if (w === undefined || h === undefined) return undefined;
    out.push({ w, h });
  }
  return out.length > 0 ? out : undefined;
}

/**
 * Whether Node can send `value` as a header value (its own check: tab, printable ASCII, Latin-1):
 * `__amp_source_origin` and `Origin` are echoed in AMP-Access-Control-Allow-Source-Origin.
 */
export function isHeaderValue(value: string): boolean {
  return !/[^\t\x20-\x7e\x80-\xff]/.test(value);
}

export type ParsedAmpQuery = { ok: true; query: AmpQuery } | { ok: false; error: string };

export function parseAmpQuery(q: RawQuery): ParsedAmpQuery {
  const sourceOrigin = str(q, '__amp_source_origin');
  if (sourceOrigin !== undefined && !isHeaderValue(sourceOrigin))
    return {
      ok: false,
      error:
        '__amp_source_origin must be an origin of printable characters (it is echoed in a response header)',
    };
  const timeoutText = str(q, 'timeout');
  let timeout: number | undefined;
  if (timeoutText !== undefined) {
    if (!/^\d+$/.test(timeoutText) || !Number.isSafeInteger(Number(timeoutText)))
      return { ok: false, error: `timeout must be a non-negative integer, got '${timeoutText}'` };
    timeout = Number(timeoutText);
  }
  const appliesText = str(q, 'gdpr_applies');
  let gdprApplies: boolean | undefined;
  if (appliesText !== undefined) {
    if (appliesText !== 'true' && appliesText !== 'false')
      return { ok: false, error: `gdpr_applies must be "true" or "false", got '${appliesText}'` };
    gdprApplies = appliesText === 'true';
  }
  const query: AmpQuery = { debug: str(q, 'debug') === '1' };
  const set = <K extends keyof AmpQuery>(key: K, value: AmpQuery[K] | undefined) => {
    if (value !== undefined) query[key] = value;
  };
  set('tagId', str(q, 'tag_id'));
  set('account', str(q, 'account'));
  set('curl', str(q, 'curl'));
  set('slot', str(q, 'slot'));
  set('w', dimension(str(q, 'w')));
  set('h', dimension(str(q, 'h')));
  set('ow', dimension(str(q, 'ow')));
  set('oh', dimension(str(q, 'oh')));
  set('ms', parseMultiSize(str(q, 'ms')));
  set('timeout', timeout);
  set('targeting', str(q, 'targeting'));
  set('consent', str(q, 'consent_string') ?? str(q, 'gdpr_consent'));
  set('consentType', str(q, 'consent_type'));
  set('gdprApplies', gdprApplies);
  set('addtlConsent', str(q, 'addtl_consent'));
  set('gppSid', sidList(str(q, 'gpp_sid')));
  set('sourceOrigin', sourceOrigin);
  return { ok: true, query };
}
