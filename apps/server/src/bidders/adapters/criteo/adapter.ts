// Criteo: the request goes as is, without headers; bids state their type in `ext.prebid.type` (a bid
// without a readable ext fails the whole answer) and their network in `ext.prebid.networkName`;
// protected-audience configs come from the first seller config of each `ext.igi[]` entry.
import type { BidResponse } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderResponse, FledgeAuctionConfig } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { bidTypeOfExt } from '../../helpers/prebid-bid-ext.js';
import { withProps } from '@gavel/common';

interface Igi {
  impid?: string;
  igs?: { config?: unknown }[];
}

function auctionConfigs(response: BidResponse, ctx: AdapterContext): FledgeAuctionConfig[] {
  const igi = response.ext?.igi;
  if (!Array.isArray(igi)) return [];
  return (igi as (Igi | null)[]).flatMap((entry) => {
    const config = entry?.igs?.[0]?.config;
    return config === undefined || config === null
      ? []
      : [{ impid: entry?.impid ?? '', bidder: ctx.bidder, config }];
  });
}

function finish(result: BidderResponse, response: BidResponse, ctx: AdapterContext): BidderResponse {
  const configs = auctionConfigs(response, ctx);
  return configs.length ? withProps(result, { fledgeAuctionConfigs: configs }) : result;
}

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => ({ value: [postJson(ctx.endpoint, request, {})], errors: [] }),
  status: { period: true },
  bidType: (bid) =>
    bidTypeOfExt(bid.ext) ?? {
      code: 3,
      message: `Missing ext.prebid.type in bid for impression : ${bid.impid}.`,
    },
  failOnBidError: true,
  decorate: (typed) => {
    const networkName = (typed.bid.ext?.prebid as { networkName?: unknown } | undefined)?.networkName;
    return typeof networkName === 'string' && networkName
      ? withProps(typed, { meta: { networkName } })
      : typed;
  },
  finish,
});
