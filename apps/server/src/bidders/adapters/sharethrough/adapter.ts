// Sharethrough: one call per imp; the placement key as `imp.tagid`, floors in USD, blocked lists
// from params added to the request's, and the adapter versions in `source.ext`.
import type { Adapter } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestPerImp, withImpParams } from '../../helpers/imp-requests.js';
import { flooredImp } from '../../helpers/floor-currency.js';
import { bidTypeOfExt } from '../../helpers/prebid-bid-ext.js';
import { defaultBidType } from '../../helpers/ortb-adapter.js';
import { withProps } from '@gavel/common';

/** Version of this integration as Sharethrough tracks it. */
const ADAPTER_VERSION = '10.0';

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => {
    const blocked = { bcat: new Array<string>(), badv: new Array<string>() };
    return requestPerImp(request, {
      uri: ctx.endpoint,
      mapImp: withImpParams((imp, { bidder }) => {
        blocked.bcat = strings(bidder.bcat);
        blocked.badv = strings(bidder.badv);
        return flooredImp(imp, 'USD', ctx, { tagid: typeof bidder.pkey === 'string' ? bidder.pkey : '' });
      }),
      mapRequest: (copy) =>
        withProps(
          copy,
          blocked.bcat.length ? { bcat: [...(copy.bcat ?? []), ...blocked.bcat] } : {},
          blocked.badv.length ? { badv: [...(copy.badv ?? []), ...blocked.badv] } : {},
          {
            source: withProps(copy.source, {
              ext: withProps(copy.source?.ext, { version: ctx.version, str: ADAPTER_VERSION }),
            }),
          },
        ),
    });
  },
  status: { lowercase: 'non400' },
  bidType: (bid, request) => bidTypeOfExt(bid.ext) ?? defaultBidType(bid, request),
});
