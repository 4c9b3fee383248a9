// URL query strings with the semantics of Go's url.Values, for bidders whose upstream builds its query
// that way: parsing keeps each key's values in order, encoding sorts the keys and query-escapes both
// keys and values (space → '+').
import { queryEscape } from './query-escape.js';
import { queryUnescape } from './query-unescape.js';

/** A query's values by key (insertion order is irrelevant: encoding sorts the keys). */
export type QueryValues = Map<string, string[]>;

/** The values of a raw query string (without the leading `?`); undecodable pairs are skipped. */
export function parseQuery(raw: string): QueryValues {
  const values: QueryValues = new Map();
  for (const pair of raw.split('&')) {
    if (pair === '' || pair.includes(';')) continue;
    const at = pair.indexOf('=');
    const key = queryUnescape(at < 0 ? pair : pair.slice(0, at));
    const value = queryUnescape(at < 0 ? '' : pair.slice(at + 1));
    if (key === null || value === null) continue;
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  return values;
}

/** `k=v&…` with keys sorted and every key and value query-escaped; '' for no values. */
export function encodeQuery(values: QueryValues): string {
  return [...values.keys()]
    .sort()
    .flatMap((key) => (values.get(key) ?? []).map((v) => `${queryEscape(key)}=${queryEscape(v)}`))
    .join('&');
}

/** A URI split at its query: the part before `?` (fragment kept out) and the parsed query. */
export function splitQuery(uri: string): { base: string; query: QueryValues } {
  const hash = uri.indexOf('#');
  const noFragment = hash < 0 ? uri : uri.slice(0, hash);
  const at = noFragment.indexOf('?');
  if (at < 0) return { base: noFragment, query: new Map() };
  return { base: noFragment.slice(0, at), query: parseQuery(noFragment.slice(at + 1)) };
}

/** `base?query` (the `?` left out when the query is empty). */
export function joinQuery(base: string, query: QueryValues): string {
  const encoded = encodeQuery(query);
  return encoded === '' ? base : `${base}?${encoded}`;
}
