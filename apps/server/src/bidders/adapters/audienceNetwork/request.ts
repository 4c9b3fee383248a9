// Audience Network requests: app traffic only, with the bidder token of user.buyeruid. One call per
// imp; the call's request id is the imp id, signed with the host's app secret (ext.authentication_id)
// under its platform id; tag id is `<publisher>_<placement>`, the app's publisher is the publisher id.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError, OutgoingRequest, Result } from '../../types.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { inputError } from '../../helpers/bid-response.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { paramIgnoringCase } from '../../helpers/param-lookup.js';
import { extraInfoObject } from '../../helpers/extra-info.js';
import { hmacSha256Hex } from '../../helpers/hmac.js';
import { omitKeys, withProps } from '@gavel/common';
import { singleFormatImp, withRewardSignal, withWireSizes } from './imp.js';

interface Credentials {
  platformId: string;
  appSecret: string;
}

function credentialsOf(extraInfo: unknown): Credentials | BidderError {
  const info = extraInfoObject(extraInfo);
  const platformId = typeof info.platformId === 'string' ? info.platformId : '';
  const appSecret = typeof info.appSecret === 'string' ? info.appSecret : '';
  if (!platformId)
    return inputError('PlatformID is not configured for audienceNetwork (extraInfo.platformId)');
  if (!appSecret) return inputError('AppSecret is not configured for audienceNetwork (extraInfo.appSecret)');
  return { platformId, appSecret };
}

function stringParam(params: Record<string, unknown>, key: string): string {
  const value = paramIgnoringCase(params, key);
  return typeof value === 'string' ? value : '';
}

/** Placement and publisher ids; a placement id may carry both as `<publisher>_<placement>`. */
function placementOf(imp: Readonly<Imp>): { placement: string; publisher: string } | BidderError {
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  const placementId = stringParam(read.parts.bidder, 'placementId');
  const publisherId = stringParam(read.parts.bidder, 'publisherId');
  if (!placementId) return inputError('Missing placementId param');
  const parts = placementId.split('_');
  if (parts.length === 1) {
    return publisherId
      ? { placement: placementId, publisher: publisherId }
      : inputError('Missing publisherId param');
  }
  if (parts.length === 2) return { placement: parts[1] ?? '', publisher: parts[0] ?? '' };
  return inputError(`Invalid placementId param '${placementId}' and publisherId param '${publisherId}'`);
}

/** Drops the first `key` member found in document order, not looking inside arrays. */
function dropFirstMember(value: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  for (const [name, member] of Object.entries(value)) {
    if (name === key) return omitKeys(value, [key]);
    if (member === null || typeof member !== 'object' || Array.isArray(member)) continue;
    const dropped = dropFirstMember(member as Record<string, unknown>, key);
    if (dropped) return withProps(value, { [name]: dropped });
  }
  return undefined;
}

function requestFor(
  request: Readonly<BidRequest>,
  imp: Readonly<Imp>,
  creds: Credentials,
): BidRequest | BidderError {
  const ids = placementOf(imp);
  if (isBidderError(ids)) return ids;
  const rewarded = withRewardSignal(imp);
  if (isBidderError(rewarded)) return rewarded;
  const single = singleFormatImp(
    withProps(omitKeys(rewarded, ['ext']), { tagid: `${ids.publisher}_${ids.placement}` }),
  );
  if (isBidderError(single)) return single;
  const ext = { platformid: creds.platformId, authentication_id: hmacSha256Hex(creds.appSecret, imp.id) };
  let out: BidRequest = withProps(request, { id: imp.id, imp: [withWireSizes(single)], ext });
  if (request.app)
    out = withProps(out, { app: withProps(request.app, { publisher: { id: ids.publisher } }) });
  return (dropFirstMember(out, 'consented_providers_settings') ?? out) as BidRequest;
}

export function audienceNetworkRequests(
  request: Readonly<BidRequest>,
  ctx: AdapterContext,
): Result<OutgoingRequest[]> {
  if (request.imp.length === 0) return { value: [], errors: [inputError('No impressions provided')] };
  const token = request.user?.buyeruid;
  if (!token) return { value: [], errors: [inputError("Missing bidder token in 'user.buyeruid'")] };
  if (request.site) return { value: [], errors: [inputError('Site impressions are not supported.')] };
  const creds = credentialsOf(ctx.extraInfo);
  if (isBidderError(creds)) return { value: [], errors: [creds] };
  const headers = {
    'Content-Type': ['application/json;charset=utf-8'],
    Accept: ['application/json'],
    'X-Fb-Pool-Routing-Token': [token],
  };
  const value: OutgoingRequest[] = [];
  const errors: BidderError[] = [];
  for (const imp of request.imp) {
    const body = requestFor(request, imp, creds);
    if (isBidderError(body)) errors.push(body);
    else
      value.push({
        method: 'POST',
        uri: ctx.endpoint,
        body: JSON.stringify(body),
        headers,
        impIds: [imp.id],
      });
  }
  return { value, errors };
}
