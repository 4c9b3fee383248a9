// Rich Audience: one call for all imps; `pid` → tagid, the original tag id travels as a `tagid=`
// keyword, `secure` follows the page scheme, floors default to USD, test mode pins a test IP.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestWithAllImps } from '../../helpers/imp-requests.js';
import { jsonHeaders } from '../../helpers/json-request.js';
import { PUBLISHER_BAD_REQUEST } from '../../helpers/response-status.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';
import { withProps } from '@gavel/common';

/** The device IP Rich Audience's test line item answers to. */
const TEST_IP = '11.222.33.44';

interface RichAudienceParams {
  pid?: string;
  test?: boolean;
  bidFloor?: number;
  bidFloorCur?: string;
}

function checkImp(imp: Readonly<Imp>): BidderError | undefined {
  if (imp.banner && !imp.banner.format?.length)
    return { code: 2, message: 'request.Banner.Format is required' };
  if (imp.video && !(imp.video.w && imp.video.h))
    return { code: 2, message: 'request.Video.Sizes is required' };
  return undefined;
}

function withTest(request: BidRequest): BidRequest {
  return withProps(request, { test: 1, device: withProps(request.device, { ip: TEST_IP }) });
}

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => {
    const secure = request.site?.page?.startsWith('https') ? 1 : 0;
    let keywords = '';
    let test = false;
    return requestWithAllImps(request, {
      uri: ctx.endpoint,
      headers: withProps(jsonHeaders(), { 'X-Openrtb-Version': ['2.5'] }),
      mapImp: (imp) => {
        if (imp.ext === undefined)
          return { code: 2, message: `not found parameters ext in ImpID : ${imp.id}` };
        const params = imp.ext.bidder as RichAudienceParams | undefined;
        if (typeof params !== 'object' || params === null)
          return { code: 2, message: `invalid parameters ext in ImpID: ${imp.id}` };
        const invalid = checkImp(imp);
        if (invalid) return invalid;
        keywords = `tagid=${imp.tagid ?? ''}`;
        test = test || params.test === true;
        const bidfloor = imp.bidfloor || params.bidFloor || undefined;
        const bidfloorcur = imp.bidfloorcur || params.bidFloorCur || 'USD';
        return withProps(imp, { tagid: params.pid, secure, bidfloor, bidfloorcur });
      },
      mapRequest: (copy) => {
        const out: BidRequest = copy.site
          ? withProps(copy, { site: withProps(copy.site, { keywords }) })
          : withProps(copy, copy.app ? { app: withProps(copy.app, { keywords }) } : {});
        return test ? withTest(out) : out;
      },
    });
  },
  status: PUBLISHER_BAD_REQUEST,
  bidType: (bid, request) =>
    mediaTypeOfImp(request.imp, bid.impid, ['video', 'banner'], 'banner') ?? 'banner',
  // Video bids take the player size of their imp.
  decorate: (typed, request) => {
    const video =
      typed.type === 'video' ? request.imp.find((i) => i.id === typed.bid.impid)?.video : undefined;
    return video ? withProps(typed, { bid: withProps(typed.bid, { w: video.w, h: video.h }) }) : typed;
  },
});
