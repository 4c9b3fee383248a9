// Sharethrough: one call per imp and media type (banner, video, native; audio dropped); the placement
// key as `imp.tagid`, floors in USD, blocked lists from params added to the request's (growing from
// imp to imp), the adapter versions in `source.ext`, bid types from `ext.prebid.type`.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, OutgoingRequest, TypedBid } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids, inputError, serverError } from '../../helpers/bid-response.js';
import { bidTypeOfExt } from '../../helpers/prebid-bid-ext.js';
import { floorToUsd } from '../../helpers/usd-floor.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { omitKeys, withProps } from '@gavel/common';

/** Version of this integration as Sharethrough tracks it. */
const ADAPTER_VERSION = '10.0';

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** The imp once per media type it offers, each copy carrying that type only. */
function splitByMediaType(imp: Readonly<Imp>): Imp[] | BidderError {
  if (!imp.banner && !imp.video && !imp.native)
    return inputError('Invalid MediaType. Sharethrough only supports Banner, Video and Native.');
  const formats = ['banner', 'video', 'native'] as const;
  const rest = omitKeys<Imp>(imp, [...formats, 'audio']);
  return formats.filter((f) => imp[f]).map((f) => withProps(rest, { [f]: imp[f] }));
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const source = withProps(request.source, {
      ext: withProps(request.source?.ext, { str: ADAPTER_VERSION, version: ctx.version }),
    });
    let base: BidRequest = withProps(request, { source });
    const calls: OutgoingRequest[] = [];
    const errors: BidderError[] = [];
    for (const imp of request.imp) {
      const read = readImpExt(imp);
      if ('error' in read) {
        errors.push(read.error);
        continue;
      }
      const params = read.parts.bidder;
      // A floor that cannot be converted to USD fails the whole request.
      const floored = floorToUsd(imp, ctx);
      if (isBidderError(floored)) return { value: [], errors: [floored] };
      const [bcat, badv] = [strings(params.bcat), strings(params.badv)];
      if (bcat.length) base = withProps(base, { bcat: [...(base.bcat ?? []), ...bcat] });
      if (badv.length) base = withProps(base, { badv: [...(base.badv ?? []), ...badv] });
      const tagged = withProps(floored, { tagid: typeof params.pkey === 'string' ? params.pkey : '' });
      const split = splitByMediaType(tagged);
      if (!Array.isArray(split)) {
        errors.push(split);
        continue;
      }
      for (const single of split) calls.push(postJson(ctx.endpoint, withProps(base, { imp: [single] })));
    }
    return { value: calls, errors };
  },

  makeBids(_request, call) {
    const opened = openBidResponse(call, { wording: { lowercase: 'non400' } });
    if (!opened.ok) return opened.result;
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(opened.response)) {
      const type = bidTypeOfExt(bid.ext);
      if (type) {
        bids.push({ bid, type });
        continue;
      }
      const prebid = bid.ext?.prebid as { type?: unknown } | null | undefined;
      const stated = prebid?.type ?? '';
      errors.push(
        prebid && typeof stated === 'string'
          ? { code: 999, message: `invalid BidType: ${stated}` }
          : serverError(`Failed to parse bid mediatype for impression "${bid.impid}"`),
      );
      bids.push({ bid });
    }
    return { value: { currency: 'USD', bids }, errors };
  },
};
