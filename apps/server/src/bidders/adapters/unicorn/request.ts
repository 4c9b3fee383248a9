// UNICORN's request rewrite: imps carry their placement as tag id (the stored request id when the
// params name none) and are always secure; the app takes the media and publisher ids; the request ext
// keeps only its imp-level prebid fields plus the account id.
import type { App, BidRequest, Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { notAnObjectMessage } from '../../helpers/parse-json.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { withProps } from '@gavel/common';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const fail = (message: string): BidderError => ({ code: ERROR_CODE.badInput, message });
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The prebid fields an imp ext may hold (what survives the account-id rewrite of the request ext). */
const IMP_PREBID_KEYS = [
  'storedrequest',
  'storedauctionresponse',
  'storedbidresponse',
  'is_rewarded_inventory',
  'bidder',
  'options',
  'adunitcode',
  'passthrough',
];

const STRING_PARAMS: Readonly<Record<string, string>> = {
  placementId: 'PlacementID',
  publisherId: 'PublisherID',
  mediaId: 'MediaID',
};

/** The decoder's complaint about a param of the wrong JSON type, if any. */
function mistypedParam(bidder: Readonly<Json>): string | undefined {
  const first = (v: unknown) => (JSON.stringify(v) ?? '').charAt(0);
  for (const [key, field] of Object.entries(STRING_PARAMS)) {
    const v = bidder[key];
    if (v !== undefined && v !== null && typeof v !== 'string') {
      return `cannot unmarshal openrtb_ext.ExtImpUnicorn.${field}: expects " or n, but found ${first(v)}`;
    }
  }
  const account = bidder.accountId;
  if (account !== undefined && account !== null && typeof account !== 'number') {
    return `cannot unmarshal openrtb_ext.ExtImpUnicorn.AccountID: unexpected character: ${first(account)}`;
  }
  return undefined;
}

/** The imp's params as sent: the known keys, non-empty, with the placement defaulted. */
function sentParams(ext: Json, index: number): Json | BidderError {
  const bidder = ext.bidder ?? {};
  if (!isObject(bidder)) return fail(`Error while decoding imp[${index}].ext: ${notAnObjectMessage(bidder)}`);
  const mistyped = mistypedParam(bidder);
  if (mistyped) return fail(`Error while decoding imp[${index}].ext: ${mistyped}`);
  let placementId = text(bidder.placementId);
  if (!placementId) {
    const stored =
      isObject(ext.prebid) && isObject(ext.prebid.storedrequest) ? ext.prebid.storedrequest.id : undefined;
    if (typeof stored !== 'string') {
      return fail(
        `Error get StoredRequestImpID from imp[${index}]: stored request id not found: Key path not found`,
      );
    }
    placementId = stored;
  }
  const out: Json = {};
  if (placementId) out.placementId = placementId;
  if (text(bidder.publisherId)) out.publisherId = bidder.publisherId;
  if (text(bidder.mediaId)) out.mediaId = bidder.mediaId;
  if (Number.isInteger(bidder.accountId) && bidder.accountId !== 0) out.accountId = bidder.accountId;
  return out;
}

export function unicornImp(imp: Readonly<Imp>, index: number): Imp | BidderError {
  if (!isObject(imp.ext))
    return fail(`Error while decoding imp[${index}].ext: ${notAnObjectMessage(imp.ext)}`);
  const params = sentParams(imp.ext, index);
  if (isBidderError(params)) return params;
  const ext: Json = {};
  const context = imp.ext.context;
  if (isObject(context))
    ext.context = context.data === undefined || context.data === null ? {} : { data: context.data };
  ext.bidder = params;
  return withProps(imp, { ext, secure: 1, tagid: text(params.placementId) });
}

/** The app with the first imp's media id as id and publisher id as its publisher's id. */
export function unicornApp(app: Readonly<App>, params: Readonly<Json>): App {
  const changes: Partial<App> = {};
  if (typeof params.mediaId === 'string') changes.id = params.mediaId;
  if (typeof params.publisherId === 'string') {
    changes.publisher = withProps(app.publisher ?? {}, { id: params.publisherId });
  }
  return withProps(app, changes);
}

/** The request ext UNICORN reads: the imp-level prebid fields of `ext.prebid`, and the account id. */
export function unicornExt(request: Readonly<BidRequest>, accountId: number): Json {
  const prebid = isObject(request.ext) ? request.ext.prebid : undefined;
  const out: Json = {};
  if (isObject(prebid)) {
    const kept: Json = {};
    for (const key of IMP_PREBID_KEYS)
      if (prebid[key] !== undefined && prebid[key] !== null) kept[key] = prebid[key];
    out.prebid = kept;
  }
  out.accountId = accountId;
  return out;
}
