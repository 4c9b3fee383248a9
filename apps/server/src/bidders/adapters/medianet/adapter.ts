// Media.net adapter: the request goes out unchanged to the endpoint tagged with the host's source URL
// (`src`, from extraInfo); bid types come from `mtype`, else from the imp; protected-audience configs
// come from the response's `ext.igi[].igs[]`.
import type { BidResponse } from '../../../openrtb/types.js';
import type { AdapterContext, BidderResponse } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { queryEscape } from '../../helpers/query-escape.js';
import { withProps } from '@gavel/common';

type Igi = { impid?: string; igs?: { config?: unknown }[] };

function uriOf(ctx: AdapterContext): string {
  const source = typeof ctx.extraInfo === 'string' && ctx.extraInfo ? ctx.extraInfo : ctx.server.externalUrl;
  return source ? `${ctx.endpoint}?src=${queryEscape(source)}` : ctx.endpoint;
}

function withAuctionConfigs(result: BidderResponse, response: BidResponse): BidderResponse {
  const igi = response.ext?.igi;
  if (!Array.isArray(igi)) return result;
  const configs = (igi as Igi[]).flatMap((i) =>
    (i.igs ?? []).map((s) => ({ impid: i.impid ?? '', config: s.config })),
  );
  return configs.length ? withProps(result, { fledgeAuctionConfigs: configs }) : result;
}

export const adapter = createOrtbAdapter({
  requests: (request, ctx) => ({ value: [postJson(uriOf(ctx), request)], errors: [] }),
  finish: withAuctionConfigs,
  defaultCurrency: 'USD',
});
