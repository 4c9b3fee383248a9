// Teal adapter: one call with every valid imp. All imps must name the same account, which becomes the
// publisher id of the site/app; an imp's placement becomes its stored request id
// (imp.ext.prebid.storedrequest.id); request.ext.bids is marked {pbs: 1}. Bids are typed by mtype,
// else by the imp (banner, video, native).
import type { Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError, MediaType, OutgoingRequest, Result } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { mapImps } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { inputError, serverError } from '../../helpers/bid-response.js';
import { asObject } from '../../helpers/parse-json.js';
import { mediaTypeOfImp, mediaTypeOfMtype } from '../../helpers/media-type.js';
import { paramIgnoringCase } from '../../helpers/param-lookup.js';
import { withPublisherId } from '../../helpers/publisher-id.js';
import { withProps } from '@gavel/common';

interface TealParams {
  account: string;
  placement?: string;
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  const parsed = asObject(value);
  return parsed.ok ? parsed.value : {};
}

function paramsOf(imp: Readonly<Imp>): TealParams | BidderError {
  const ext = asObject(imp.ext);
  if (!ext.ok) return inputError(`Error parsing imp.ext for impression ${imp.id}`);
  const bidder = ext.value.bidder === null ? {} : ext.value.bidder;
  const params = asObject(bidder);
  const account = params.ok ? (paramIgnoringCase(params.value, 'account') ?? '') : undefined;
  const placement = params.ok ? (paramIgnoringCase(params.value, 'placement') ?? undefined) : undefined;
  const badPlacement = placement !== undefined && placement !== null && typeof placement !== 'string';
  if (typeof account !== 'string' || badPlacement) {
    return inputError(`Error parsing imp.ext.bidder for impression ${imp.id}`);
  }
  if (account.trim() === '') return inputError('account parameter failed validation');
  if (typeof placement === 'string' && placement.trim() === '') {
    return inputError('placement parameter failed validation');
  }
  return typeof placement === 'string' ? { account, placement } : { account };
}

/** The imp with `imp.ext.prebid.storedrequest.id` set to the placement (non-objects replaced). */
function withPlacement(imp: Readonly<Imp>, placement: string): Imp {
  const ext = objectOrEmpty(imp.ext);
  const prebid = objectOrEmpty(ext.prebid);
  const storedrequest = withProps(objectOrEmpty(prebid.storedrequest), { id: placement });
  return withProps(imp, { ext: withProps(ext, { prebid: withProps(prebid, { storedrequest }) }) });
}

/** The request sent: imps, the account as publisher id, the `bids.pbs` marker. */
function outgoing(request: Readonly<BidRequest>, imps: Imp[], account: string): BidRequest | BidderError {
  const ext =
    request.ext === undefined || request.ext === null
      ? { ok: true as const, value: {} }
      : asObject(request.ext);
  if (!ext.ok) return inputError(`teal: failed parsing request.ext: ${ext.error.message}`);
  return withPublisherId(
    withProps(request, { imp: imps, ext: withProps(ext.value, { bids: { pbs: 1 } }) }),
    account,
  );
}

function requests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]> {
  let account = '';
  const { imps, errors } = mapImps(request, (imp) => {
    const params = paramsOf(imp);
    if (isBidderError(params)) return params;
    if (account === '') account = params.account;
    else if (params.account !== account) {
      const detail = `imp ${JSON.stringify(imp.id)} account ${JSON.stringify(params.account)}`;
      return inputError(
        `mixed-account requests are not supported: ${detail} differs from request account ${JSON.stringify(account)}`,
      );
    }
    return params.placement === undefined ? imp : withPlacement(imp, params.placement);
  });
  if (imps.length === 0) return { value: [], errors };
  const body = outgoing(request, imps, account);
  if (isBidderError(body)) return { value: [], errors: [...errors, body] };
  return { value: [postJson(ctx.endpoint, body)], errors };
}

const IMP_ORDER: readonly MediaType[] = ['banner', 'video', 'native'];

function bidType(bid: Bid, request: Readonly<BidRequest>): MediaType | BidderError {
  const byMtype = mediaTypeOfMtype(bid.mtype);
  if (byMtype && byMtype !== 'audio') return byMtype;
  return (
    mediaTypeOfImp(request.imp, bid.impid, IMP_ORDER) ??
    serverError(`failed to determine bid type for imp ${JSON.stringify(bid.impid)}`)
  );
}

export const adapter = createOrtbAdapter({ requests, bidType });
