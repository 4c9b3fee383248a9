// Equativ (Smart AdServer) adapter: one call for all imps; the network id names the site publisher (a site
// is created when absent). Programmatic-guaranteed requests go to the `prebid-global` host's /ortb with
// the params under `imp.ext.smartadserver`; others to /api/bid?callerId=5. Bids are typed by `mtype`
// (banner when absent) and priced in USD.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { mapImps } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { inputError } from '../../helpers/bid-response.js';
import { mediaTypeOfMtype } from '../../helpers/media-type.js';
import { omitKeys, withProps } from '@gavel/common';

const IDS = ['siteId', 'pageId', 'formatId', 'networkId'] as const;
/** Host of programmatic-guaranteed requests, whatever the configured endpoint. */
const GUARANTEED_HOST = 'https://prebid-global.smartadserver.com';

function paramsOf(imp: Readonly<Imp>): Record<string, unknown> | BidderError {
  if (!imp.ext || typeof imp.ext !== 'object') return inputError('Error parsing bidderExt object');
  const params = imp.ext.bidder;
  if (!params || typeof params !== 'object') return inputError('Error parsing smartadserverExt parameters');
  return params as Record<string, unknown>;
}

function endpointFor(template: string, guaranteed: boolean): string | BidderError {
  const host = guaranteed ? GUARANTEED_HOST : template;
  let url: URL;
  try {
    url = new URL(host);
  } catch {
    return inputError(`Malformed URL: ${host}.`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = `${path}/${guaranteed ? 'ortb' : 'api/bid'}`;
  url.search = guaranteed ? url.search : '?callerId=5';
  return url.toString();
}

/** The placement ids Equativ reads (0 when not given). */
function placement(params: Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(IDS.map((k) => [k, typeof params[k] === 'number' ? params[k] : 0]));
}

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    if (request.imp.length === 0)
      return { value: [], errors: [inputError('No impression in the bid request')] };
    let networkId = 0;
    let guaranteed = false;
    const { imps, errors } = mapImps(request, (imp) => {
      const params = paramsOf(imp);
      if (isBidderError(params)) return params;
      networkId = typeof params.networkId === 'number' ? params.networkId : 0;
      guaranteed ||= params.programmaticGuaranteed === true;
      return imp;
    });
    if (imps.length === 0) return { value: [], errors };
    // The params travel under `bidder`, or `smartadserver` once any imp is programmatic guaranteed.
    const key = guaranteed ? 'smartadserver' : 'bidder';
    const sent = imps.map((imp) =>
      withProps(imp, {
        ext: withProps(omitKeys(imp.ext ?? {}, ['bidder']), {
          [key]: placement((imp.ext?.bidder ?? {}) as Record<string, unknown>),
        }),
      }),
    );
    const body: BidRequest = withProps(request, {
      imp: sent,
      site: withProps(request.site, {
        publisher: withProps(request.site?.publisher, { id: String(networkId) }),
      }),
    });
    const uri = endpointFor(ctx.endpoint, guaranteed);
    if (isBidderError(uri)) return { value: [], errors: [...errors, uri] };
    return { value: [postJson(uri, body)], errors };
  },
  bidType: (bid) => mediaTypeOfMtype(bid.mtype) ?? 'banner',
  finish: (result) => withProps(result, { currency: 'USD' }),
});
