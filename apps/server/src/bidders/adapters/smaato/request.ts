// Smaato request shaping: one call per imp and media type; the adspace as tagid (the rest of imp.ext
// kept, its params removed), the publisher on site/app/DOOH, first-party keywords/gender/yob lifted
// from `ext.data` into OpenRTB fields. Request-wide problems stop every call.
import type { BidRequest, Imp, User } from '../../../openrtb/types.js';
import type { BidderError, OutgoingRequest, Result } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { inputError } from '../../helpers/bid-response.js';
import { omitKeys, withProps } from '@gavel/common';

/** Integration name Smaato reports on. */
const CLIENT = 'prebid_server_1.2';
const MEDIA = ['banner', 'video', 'native'] as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';

/** The user with its `ext.data` first-party fields lifted out, or the error that stops the request. */
function shapeUser(user: Readonly<User>): User | BidderError {
  const ext: unknown = user.ext;
  if (ext === undefined || ext === null) return user;
  if (!isObject(ext)) return inputError('Invalid user.ext.');
  if (!Object.hasOwn(ext, 'data')) return user;
  const data = ext.data;
  if (data !== null && !isObject(data)) return inputError('Invalid user.ext.data.');
  const { keywords, gender, yob } = data ?? {};
  const yobOk = yob === undefined || yob === null || (typeof yob === 'number' && Number.isInteger(yob));
  if (!isString(keywords) || !isString(gender) || !yobOk) return inputError('Invalid user.ext.data.');
  const out: User = withProps(user, { ext: omitKeys(ext, ['data']) });
  if (typeof gender === 'string' && gender) out.gender = gender;
  if (typeof yob === 'number' && yob !== 0) out.yob = yob;
  if (typeof keywords === 'string' && keywords) out.keywords = keywords;
  return out;
}

/** The request-level changes every call shares, or the error that stops them all. */
function commonRequest(request: Readonly<BidRequest>): BidRequest | BidderError {
  let out: BidRequest = withProps(request, { ext: { client: CLIENT } });
  if (request.user) {
    const user = shapeUser(request.user);
    if (isBidderError(user)) return user;
    out.user = user;
  }
  const site = request.site;
  if (site?.ext !== undefined && site.ext !== null) {
    const ext: unknown = site.ext;
    const data = isObject(ext) ? ext.data : undefined;
    const keywords = isObject(data) ? data.keywords : undefined;
    const badData = data !== undefined && data !== null && !isObject(data);
    if (!isObject(ext) || badData || !isString(keywords)) return inputError('Invalid site.ext.');
    out = withProps(out, {
      // The ext's keywords replace the site's (none when the ext has none).
      site: withProps(
        omitKeys(site, ['ext', 'keywords']),
        typeof keywords === 'string' && keywords ? { keywords } : {},
      ),
    });
  }
  return out;
}

/** The request for one imp: the publisher id set and the adspace as tag id. */
function individual(shaped: Readonly<BidRequest>, imp: Readonly<Imp>): BidRequest | BidderError {
  const params = isObject(imp.ext?.bidder) ? imp.ext.bidder : {};
  if (typeof params.publisherId !== 'string') return inputError('Missing publisherId parameter.');
  const publisher = { id: params.publisherId };
  let out: BidRequest;
  if (shaped.site) out = withProps(shaped, { site: withProps(shaped.site, { publisher }) });
  else if (shaped.app) out = withProps(shaped, { app: withProps(shaped.app, { publisher }) });
  else if (shaped.dooh) out = withProps(shaped, { dooh: withProps(shaped.dooh, { publisher }) });
  else return inputError('Missing Site/App/DOOH.');
  if (typeof params.adspaceId !== 'string') return inputError('Missing adspaceId parameter.');
  const rest = imp.ext ? omitKeys(imp.ext, ['bidder']) : undefined;
  const sent: Imp = withProps(omitKeys(imp, ['ext']), { tagid: params.adspaceId });
  if (rest && Object.keys(rest).length) sent.ext = rest;
  out.imp = [sent];
  return out;
}

/** The imp once per media type it offers (an audio object travels along with each copy). */
function splitByMediaType(imp: Readonly<Imp>): Imp[] | BidderError {
  if (!imp.banner && !imp.video && !imp.native)
    return inputError('Invalid MediaType. Smaato only supports Banner, Video and Native.');
  return MEDIA.filter((m) => imp[m]).map((m) =>
    m === 'native'
      ? omitKeys<Imp>(imp, ['banner', 'video'])
      : omitKeys<Imp>(
          imp,
          MEDIA.filter((other) => other !== m),
        ),
  );
}

export function buildRequests(request: Readonly<BidRequest>, uri: string): Result<OutgoingRequest[]> {
  if (request.imp.length === 0) return { value: [], errors: [inputError('No impressions in bid request.')] };
  const shaped = commonRequest(request);
  if (isBidderError(shaped)) return { value: [], errors: [shaped] };
  const value: OutgoingRequest[] = [];
  const errors: BidderError[] = [];
  for (const imp of request.imp) {
    const split = splitByMediaType(imp);
    if (isBidderError(split)) {
      errors.push(split);
      continue;
    }
    for (const single of split) {
      const body = individual(shaped, single);
      if (isBidderError(body)) errors.push(body);
      else value.push(postJson(uri, body));
    }
  }
  return { value, errors };
}
