// Media.net adapter: the request goes out unchanged to the endpoint tagged with the host's source URL
// (`src`, from extraInfo); bid types come from `mtype`, else from the imp.
import type { AdapterContext } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { queryEscape } from '../../helpers/query-escape.js';

function uriOf(ctx: AdapterContext): string {
  const source = typeof ctx.extraInfo === 'string' && ctx.extraInfo ? ctx.extraInfo : ctx.server.externalUrl;
  return source ? `${ctx.endpoint}?src=${queryEscape(source)}` : ctx.endpoint;
}

export const adapter = createOrtbAdapter({
  requests: (request, ctx) => ({ value: [postJson(uriOf(ctx), request)], errors: [] }),
  defaultCurrency: 'USD',
});
