// Setting the publisher id a bidder's params name on the request's site or app (copies; the input is
// untouched). Upstream creates the publisher object when the site or app has none.
import type { BidRequest } from '../../openrtb/types.js';

/** `request` with `site.publisher.id` and `app.publisher.id` (whichever exist) set to `id`. */
export function withPublisherId(request: Readonly<BidRequest>, id: string): BidRequest {
  const out: BidRequest = { ...request };
  if (request.site) out.site = { ...request.site, publisher: { ...request.site.publisher, id } };
  if (request.app) out.app = { ...request.app, publisher: { ...request.app.publisher, id } };
  return out;
}
