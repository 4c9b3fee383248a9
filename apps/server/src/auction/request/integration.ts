// The account's `default_integration` (upstream G setIntegrationType): written into
// `ext.<ns>.integration` when the request names none, so bidders and event URLs see it.
import { withProps } from '@gavel/common';
import type { BidRequest } from '../../openrtb/types.js';
import { childObject } from './json-shape.js';

export function withDefaultIntegration(
  request: BidRequest,
  integration: string | undefined,
  ns: string,
): BidRequest {
  if (!integration) return request;
  const nsExt = childObject(request.ext, ns);
  const given = nsExt?.['integration'];
  if (typeof given === 'string' && given !== '') return request;
  return withProps(request, { ext: withProps(request.ext, { [ns]: withProps(nsExt, { integration }) }) });
}
