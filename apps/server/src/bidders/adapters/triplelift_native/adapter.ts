// TripleLift Native adapter: native imps only, sent in one call when the request's publisher is on the
// host's allowlist (extraInfo `publisher_whitelist`). Tag id is the MSN tag code on msn.com inventory,
// else the inventory code; the params floor replaces the imp's and every floor is sent in USD.
// Every bid is native and priced in USD.
import type { BidRequest, Imp, Publisher } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError, OutgoingRequest, Result } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestWithAllImps } from '../../helpers/imp-requests.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { inputError } from '../../helpers/bid-response.js';
import { asObject } from '../../helpers/parse-json.js';
import { paramIgnoringCase } from '../../helpers/param-lookup.js';
import { extraInfoObject } from '../../helpers/extra-info.js';
import { withProps } from '@gavel/common';

function isMsn(request: Readonly<BidRequest>): boolean {
  return request.site?.publisher?.domain === 'msn.com' || request.app?.publisher?.domain === 'msn.com';
}

function tagCodeOf(ext: Record<string, unknown>): string | BidderError {
  if (ext.data === undefined || ext.data === null) return '';
  const data = asObject(ext.data);
  if (!data.ok) return data.error;
  return typeof data.value.tag_code === 'string' ? data.value.tag_code : '';
}

/** The floor in USD: converted when the imp names another currency. */
function usdFloor(imp: Imp, ctx: AdapterContext): Imp | BidderError {
  if (!imp.bidfloor || imp.bidfloor <= 0) return imp;
  const from = imp.bidfloorcur ?? '';
  if (from === '' || from.toUpperCase() === 'USD') return withProps(imp, { bidfloorcur: 'USD' });
  try {
    const bidfloor = ctx.convertCurrency(imp.bidfloor, from, 'USD');
    return withProps(imp, { bidfloor, bidfloorcur: 'USD' });
  } catch (err) {
    return inputError(`Unable to convert bid floor from ${from} to USD: ${(err as Error).message}`);
  }
}

function mapImp(imp: Readonly<Imp>, request: Readonly<BidRequest>, ctx: AdapterContext): Imp | BidderError {
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  if (!imp.native) return inputError('no native object specified');
  const tagCode = tagCodeOf(read.parts.ext);
  if (typeof tagCode !== 'string') return tagCode;
  const params = read.parts.bidder;
  const invCode = paramIgnoringCase(params, 'inventoryCode');
  const tagid = tagCode && isMsn(request) ? tagCode : typeof invCode === 'string' ? invCode : '';
  const floor = paramIgnoringCase(params, 'floor');
  const changed =
    typeof floor === 'number' ? withProps(imp, { tagid, bidfloor: floor }) : withProps(imp, { tagid });
  return usdFloor(changed, ctx);
}

/** The parent account the publisher reports, else its id, else `unknown`. */
function effectivePublisherId(publisher: Readonly<Publisher> | undefined): string {
  if (!publisher) return 'unknown';
  const prebid = (publisher.ext as { prebid?: { parentAccount?: unknown } } | undefined)?.prebid;
  const parent = prebid && typeof prebid === 'object' ? prebid.parentAccount : undefined;
  if (typeof parent === 'string' && parent) return parent;
  return publisher.id || 'unknown';
}

/** The host's allowlist of publishers (extraInfo `publisher_whitelist`). */
function allowlist(extraInfo: unknown): Set<string> {
  const list = extraInfoObject(extraInfo).publisher_whitelist;
  return new Set(Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : []);
}

function requests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]> {
  const result = requestWithAllImps(request, {
    uri: ctx.endpoint,
    mapImp: (imp) => mapImp(imp, request, ctx),
  });
  const publisher = request.app ? request.app.publisher : request.site?.publisher;
  if (!allowlist(ctx.extraInfo).has(effectivePublisherId(publisher))) {
    return { value: [], errors: [inputError('Unsupported publisher for triplelift_native')] };
  }
  if (result.value.length === 0) {
    result.errors.push({ code: ERROR_CODE.badInput, message: 'No valid impressions for triplelift' });
  }
  return result;
}

export const adapter = createOrtbAdapter({
  requests,
  bidType: () => 'native',
  finish: (result) => withProps(result, { currency: 'USD' }),
});
