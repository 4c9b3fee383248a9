// Insticator endpoint: app traffic goes to the host's app endpoint (extraInfo `app_endpoint`) when
// given; the publisher id is added as the `publisherId` query param (query re-encoded, keys sorted).
import { extraInfoObject } from '../../helpers/extra-info.js';
import { queryEscape } from '../../helpers/query-escape.js';

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `base` with `key=value` set in its query, which is re-encoded with keys sorted. */
function withQueryParam(base: string, key: string, value: string): string {
  const hashAt = base.indexOf('#');
  const fragment = hashAt >= 0 ? base.slice(hashAt) : '';
  const noFragment = hashAt >= 0 ? base.slice(0, hashAt) : base;
  const queryAt = noFragment.indexOf('?');
  const path = queryAt >= 0 ? noFragment.slice(0, queryAt) : noFragment;
  const params = new Map<string, string[]>();
  for (const pair of (queryAt >= 0 ? noFragment.slice(queryAt + 1) : '').split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const k = decode(eq >= 0 ? pair.slice(0, eq) : pair);
    params.set(k, [...(params.get(k) ?? []), decode(eq >= 0 ? pair.slice(eq + 1) : '')]);
  }
  params.set(key, [value]);
  const query = [...params.keys()]
    .sort()
    .flatMap((k) => (params.get(k) ?? []).map((v) => `${queryEscape(k)}=${queryEscape(v)}`))
    .join('&');
  return `${path}?${query}${fragment}`;
}

/**
 * The call's URI: the app endpoint from `appExtraInfo` (given only for app traffic) or `endpoint`,
 * with `publisherId` as a query param when non-empty.
 */
export function publisherIdQuery(appExtraInfo: unknown, endpoint: string, publisherId: string): string {
  const app = extraInfoObject(appExtraInfo).app_endpoint;
  const base = typeof app === 'string' && app ? app : endpoint;
  return publisherId ? withQueryParam(base, 'publisherId', publisherId) : base;
}
