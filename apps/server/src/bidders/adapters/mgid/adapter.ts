// Mgid: one call with every imp to the endpoint followed by the first account id; each imp's tag id
// is `<placement>/<imp id>` (or the imp id) and its params floor/currency override the imp's. Bids are
// banner unless their ext names a creative type (`crtype`).
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { postJson } from '../../helpers/json-request.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids } from '../../helpers/bid-response.js';
import { withProps } from '@gavel/common';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const amount = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** The imp with Mgid's params applied. */
function applyParams(imp: Readonly<Imp>, params: Record<string, unknown>): Imp {
  const placement = text(params.placementId);
  const changes: Partial<Imp> = { tagid: placement ? `${placement}/${imp.id}` : imp.id };
  const currency = [text(params.currency), text(params.cur)].find((c) => c !== '' && c !== 'USD');
  const floor = amount(params.bidfloor) > 0 ? amount(params.bidfloor) : amount(params.bidFloor);
  if (floor > 0) changes.bidfloor = floor;
  if (currency) changes.bidfloorcur = currency;
  return withProps(imp, changes);
}

/** The request as sent and the account id (the call's path), or the error that stops the call. */
function prepare(request: Readonly<BidRequest>): { body: BidRequest; account: string } | BidderError {
  let account = '';
  const imps: Imp[] = [];
  for (const imp of request.imp) {
    const read = readImpExt(imp);
    if ('error' in read) return read.error;
    const params = read.parts.bidder;
    if (account === '') account = text(params.accountId);
    imps.push(applyParams(imp, params));
  }
  if (account === '') return { code: ERROR_CODE.badInput, message: 'accountId is not set' };
  return { body: withProps(request, { imp: imps, tmax: request.tmax || 200 }), account };
}

function bidType(ext: Record<string, unknown> | undefined): MediaType {
  const crtype = ext?.crtype;
  return typeof crtype === 'string' && crtype !== '' ? (crtype as MediaType) : 'banner';
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const prepared = prepare(request);
    if ('code' in prepared) return { value: [], errors: [prepared] };
    return { value: [postJson(ctx.endpoint + prepared.account, prepared.body)], errors: [] };
  },
  makeBids(_request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const bids: TypedBid[] = allBids(opened.response).map(({ bid }) => ({ bid, type: bidType(bid.ext) }));
    return { value: { currency: opened.response.cur, bids }, errors: [] };
  },
};
