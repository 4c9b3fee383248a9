// TripleLift adapter: one call for all valid imps; inventory code → tagid, floors in USD, and the
// bid's media type read from `ext.triplelift_pb.format` (11, 12, 17 are video formats).
import type { Bid, Imp } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError, MediaType } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestWithAllImps } from '../../helpers/imp-requests.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { inputError, serverError } from '../../helpers/bid-response.js';
import { asObject } from '../../helpers/parse-json.js';
import { withProps } from '@gavel/common';

const VIDEO_FORMATS = new Set([11, 12, 17]);

function mapImp(imp: Readonly<Imp>, ctx: AdapterContext): Imp | BidderError {
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  if (!imp.banner && !imp.video) return inputError('neither Banner nor Video object specified');
  const params = read.parts.bidder;
  const tagid = typeof params.inventoryCode === 'string' ? params.inventoryCode : '';
  // The params floor replaces the imp's, in the imp's currency; then the floor is brought to USD.
  const bidfloor = typeof params.floor === 'number' ? params.floor : imp.bidfloor;
  const out: Imp = withProps(imp, { tagid, bidfloor });
  if (!bidfloor || bidfloor <= 0) return out;
  const cur = imp.bidfloorcur;
  if (!cur || cur.toUpperCase() === 'USD') return withProps(out, { bidfloorcur: 'USD' });
  try {
    return withProps(out, { bidfloor: ctx.convertCurrency(bidfloor, cur, 'USD'), bidfloorcur: 'USD' });
  } catch (err) {
    return inputError(`Unable to convert bid floor from ${cur} to USD: ${(err as Error).message}`);
  }
}

/** A bid without its TripleLift extension cannot be typed, so it is reported and dropped. */
function bidType(bid: Bid): MediaType | BidderError {
  const ext = asObject(bid.ext);
  if (!ext.ok) return serverError(ext.error.message);
  const format = (ext.value.triplelift_pb as { format?: unknown } | undefined)?.format;
  return typeof format === 'number' && VIDEO_FORMATS.has(format) ? 'video' : 'banner';
}

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    const result = requestWithAllImps(request, { uri: ctx.endpoint, mapImp: (imp) => mapImp(imp, ctx) });
    if (result.value.length === 0) result.errors.push(inputError('No valid impressions for triplelift'));
    return result;
  },
  bidType,
  // Bids are always in USD.
  finish: (result) => withProps(result, { currency: 'USD' }),
});
