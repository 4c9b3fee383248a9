// Setting the publisher id a bidder's params name on the request's site or app (copies; the input is
// untouched). Upstream creates the publisher object when the site or app has none.
import type { BidRequest } from '../../openrtb/types.js';
import { withProps, copyForWrite } from '@gavel/common';

/** `request` with `site.publisher.id` and `app.publisher.id` (whichever exist) set to `id`. */
export function withPublisherId(request: Readonly<BidRequest>, id: string): BidRequest {
  const out: BidRequest = copyForWrite(request);
  if (request.site)
    out.site = withProps(request.site, { publisher: withProps(request.site.publisher, { id }) });
  if (request.app) out.app = withProps(request.app, { publisher: withProps(request.app.publisher, { id }) });
  return out;
}
