// BidMachine's call URL: the endpoint with the imp's host, then its path and seller id joined onto
// the URL's path the way a slash-path join cleans it (`.`/`..` resolved, duplicate slashes dropped).
import { resolveEndpoint } from '../../helpers/endpoint-macros.js';

const SAFE_HOST = /^[a-zA-Z0-9.-]+(:[0-9]+)?$/;

/** The cleaned join of `parts` with `/` (empty parts ignored; '' when all are empty). */
export function joinPath(...parts: string[]): string {
  const joined = parts.filter((p) => p !== '').join('/');
  if (joined === '') return '';
  const rooted = joined.startsWith('/');
  const out: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!rooted) out.push('..');
      continue;
    }
    out.push(segment);
  }
  const path = out.join('/');
  return rooted ? `/${path}` : path || '.';
}

/** The call URL for an imp's params, or undefined when the host is unsafe or the URL unusable. */
export function callUrl(
  template: string,
  params: { host: string; path: string; sellerId: string },
): string | undefined {
  if (!SAFE_HOST.test(params.host)) return undefined;
  let url: URL;
  try {
    url = new URL(resolveEndpoint(template, { Host: params.host }));
  } catch {
    return undefined;
  }
  if (!url.host) return undefined;
  const path = joinPath(joinPath(url.pathname, params.path), params.sellerId);
  const rootedPath = path === '' || path.startsWith('/') ? path : `/${path}`;
  return `${url.protocol}//${url.host}${encodeURI(rootedPath)}${url.search}`;
}
