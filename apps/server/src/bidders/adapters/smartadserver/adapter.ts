// Equativ (Smart AdServer) adapter: one call for all imps; the network id names the site publisher (a site
// is created when absent). Programmatic-guaranteed requests go to the `prebid-global` host's /ortb with
// the params under `imp.ext.smartadserver`; others to /api/bid?callerId=5. Bids are typed by `mtype`.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { mapImps } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { inputError } from '../../helpers/bid-response.js';
import { withProps } from '@gavel/common';

const IDS = ['siteId', 'pageId', 'formatId', 'networkId'] as const;

function paramsOf(imp: Readonly<Imp>): Record<string, unknown> | BidderError {
  if (!imp.ext || typeof imp.ext !== 'object') return inputError('Error parsing bidderExt object');
  const params = imp.ext.bidder;
  if (!params || typeof params !== 'object') return inputError('Error parsing smartadserverExt parameters');
  return params as Record<string, unknown>;
}

function endpointFor(template: string, guaranteed: boolean): string {
  const url = new URL(template);
  if (guaranteed) {
    url.hostname = ['prebid-global', ...url.hostname.split('.').slice(1)].join('.');
    url.pathname = '/ortb';
  } else {
    url.pathname = `${url.pathname.replace(/\/$/, '')}/api/bid`;
    url.searchParams.set('callerId', '5');
  }
  return url.toString();
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
    const body: BidRequest = withProps(request, {
      imp: guaranteed ? imps.map(guaranteedImp) : imps,
      site: withProps(request.site, {
        publisher: withProps(request.site?.publisher, { id: String(networkId) }),
      }),
    });
    return { value: [postJson(endpointFor(ctx.endpoint, guaranteed), body)], errors };
  },
});

/** A programmatic-guaranteed imp carries only its placement ids, under `ext.smartadserver`. */
function guaranteedImp(imp: Imp): Imp {
  const params = (imp.ext?.bidder ?? {}) as Record<string, unknown>;
  const ids = Object.fromEntries(IDS.filter((k) => params[k] !== undefined).map((k) => [k, params[k]]));
  return withProps(imp, { ext: { smartadserver: ids } });
}
