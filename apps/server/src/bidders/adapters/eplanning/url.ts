// URL pieces e-planning's call is made of, with the semantics of upstream's URL library: the page's
// host name (and its parse error), path escaping, sorted query encoding and the compact schain text.
import type { BidderError } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { queryEscape } from '../../helpers/query-escape.js';
import { goJsonStringify } from '../../helpers/go-json-stringify.js';
import { notAnObjectMessage } from '../../helpers/parse-json.js';

/** The first invalid %-escape of `text` (as quoted by upstream), if any. */
function badEscape(text: string): string | undefined {
  for (let i = text.indexOf('%'); i >= 0; i = text.indexOf('%', i + 1)) {
    if (!/^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) return text.slice(i, i + 3);
  }
  return undefined;
}

/** The host name of `page` (empty for a relative URL), or the parse error upstream reports. */
export function hostnameOf(page: string): string | BidderError {
  const withoutFragment = page.split('#')[0] ?? '';
  const scheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:/.exec(withoutFragment)?.[0] ?? '';
  const rest = withoutFragment.slice(scheme.length).split('?')[0] ?? '';
  const authority = rest.startsWith('//') ? (/^\/\/([^/]*)/.exec(rest)?.[1] ?? '') : '';
  const bad = badEscape(rest) ?? badEscape(page.slice(withoutFragment.length + 1));
  if (bad !== undefined) {
    return {
      code: ERROR_CODE.badInput,
      message: `parse ${JSON.stringify(page)}: invalid URL escape ${JSON.stringify(bad)}`,
    };
  }
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') >= 0 ? host.indexOf(']') : undefined);
  const colon = host.lastIndexOf(':');
  return colon >= 0 ? host.slice(0, colon) : host;
}

/** A path segment escaped as upstream escapes paths (`$&+,:;=@` kept). */
export function escapePathSegment(segment: string): string {
  return encodeURIComponent(segment)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%(24|26|2B|2C|3A|3B|3D|40)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** `k=v&…` with keys sorted and both sides query-escaped. */
export function encodeQuery(values: ReadonlyMap<string, string>): string {
  return [...values.keys()]
    .sort()
    .map((key) => `${queryEscape(key)}=${queryEscape(values.get(key) ?? '')}`)
    .join('&');
}

function nodeValue(value: unknown, raw = false): string {
  if (value === undefined || value === null) return '';
  if (raw) return nodeValue(goJsonStringify(value));
  if (typeof value === 'number') return String(Math.trunc(value));
  return typeof value === 'string' ? queryEscape(value).replace(/\+/g, '%20') : '';
}

/**
 * The schain of `source.ext` as `ver,complete!asi,sid,hp,rid,name,domain,ext…` (none for 0 or more
 * than 2 nodes), or the decode error of a schain that is not an object.
 */
export function schainText(sourceExt: Readonly<Record<string, unknown>>): string | BidderError {
  const schain = sourceExt.schain;
  if (schain !== undefined && schain !== null && (typeof schain !== 'object' || Array.isArray(schain))) {
    const message = `cannot unmarshal openrtb_ext.ExtRequestPrebidSChain.SChain: ${notAnObjectMessage(schain)}`;
    return { code: ERROR_CODE.badInput, message };
  }
  const chain = (schain ?? {}) as { ver?: unknown; complete?: unknown; nodes?: unknown };
  const nodes = Array.isArray(chain.nodes) ? (chain.nodes as Record<string, unknown>[]) : [];
  if (nodes.length === 0 || nodes.length > 2) return '';
  const ver = typeof chain.ver === 'string' ? chain.ver : '';
  const complete = typeof chain.complete === 'number' ? chain.complete : 0;
  const parts = nodes.map((node) =>
    [node.asi, node.sid, node.hp, node.rid, node.name, node.domain]
      .map((v) => nodeValue(v))
      .concat(nodeValue(node.ext, true))
      .join(','),
  );
  return `${ver},${complete}${parts.map((p) => `!${p}`).join('')}`;
}
