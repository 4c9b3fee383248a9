// OpenX: banner/native imps in one call, each video-only imp in its own; `unit` → tagid, custom
// floor and params into the imp, delivery domain/platform into `ext`; protected-audience configs
// of the answer are returned with the bids.
import type { Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, OutgoingRequest } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { mapImps } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { videoInfoOf } from '../../helpers/video-info.js';
import { withProps } from '@gavel/common';

const HB_VERSION = 'hb_pbs_1.0.0';

function mapImp(imp: Readonly<Imp>, requestExt: Record<string, unknown>): Imp | BidderError {
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  const { bidder: params, ext } = read.parts;
  if (!requestExt.delDomain && params.delDomain) requestExt.delDomain = params.delDomain;
  if (!requestExt.platform && params.platform) requestExt.platform = params.platform;
  const { bidder: _bidder, prebid: _prebid, ...rest } = ext;
  const impExt = params.customParams ? withProps(rest, { customParams: params.customParams }) : rest;
  const floor = Number(params.customFloor ?? 0);
  const out: Imp = withProps(imp, { tagid: String(params.unit) });
  if (Object.keys(impExt).length > 0) out.ext = impExt;
  else delete out.ext;
  if (!imp.bidfloor && floor > 0) out.bidfloor = floor;
  if (imp.video && imp.rwdd === 1) out.video = withProps(imp.video, { ext: { rewarded: 1 } });
  return out;
}

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => {
    const requestExt: Record<string, unknown> = { bc: HB_VERSION };
    const { imps, errors } = mapImps(request, (imp) => mapImp(imp, requestExt));
    const send = (group: Imp[]): OutgoingRequest =>
      postJson(ctx.endpoint, withProps(request, { imp: group, ext: requestExt }));
    const videoOnly = imps.filter((i) => i.video && !i.banner);
    const rest = imps.filter((i) => !(i.video && !i.banner));
    const value = [...(rest.length ? [send(rest)] : []), ...videoOnly.map((i) => send([i]))];
    return { value, errors };
  },
  decorate: (typed) => (typed.type === 'video' ? withProps(typed, { video: videoInfoOf(typed.bid) }) : typed),
  finish: (result, response, ctx) => {
    const configs = (response.ext?.fledge_auction_configs ?? {}) as Record<string, unknown>;
    const fledge = Object.entries(configs).map(([impid, config]) => ({ impid, bidder: ctx.bidder, config }));
    return fledge.length ? withProps(result, { fledgeAuctionConfigs: fledge }) : result;
  },
});
