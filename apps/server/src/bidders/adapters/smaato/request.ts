// Smaato request shaping: one call per imp and media type; the adspace as tagid, the publisher on
// site/app/DOOH, first-party keywords/gender/yob lifted from `ext.data` into OpenRTB fields.
import type { BidRequest, Imp, User } from '../../../openrtb/types.js';
import type { BidderError, OutgoingRequest, Result } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { withProps } from '@gavel/common';

/** Integration name Smaato reports on. */
const CLIENT = 'prebid_server_1.2';
const MEDIA = ['banner', 'video', 'native'] as const;

const error = (message: string): BidderError => ({ code: 2, message });
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The request-level changes (publisher, keywords, user data), or the error that stops the call. */
function shapeRequest(request: Readonly<BidRequest>, publisherId: string): BidRequest | BidderError {
  const out: BidRequest = withProps(request, { ext: { client: CLIENT } });
  const publisher = { id: publisherId };
  if (request.site) {
    const { ext, ...site } = request.site;
    if (ext !== undefined && !isObject(ext)) return error('Invalid site.ext.');
    const keywords = (ext?.data as { keywords?: unknown } | undefined)?.keywords;
    out.site = withProps(site, { publisher, ...(typeof keywords === 'string' ? { keywords } : {}) });
  } else if (request.app) out.app = withProps(request.app, { publisher });
  else if (request.dooh) out.dooh = withProps(request.dooh, { publisher });
  else return error('Missing Site/App/DOOH.');
  const data = request.user?.ext?.data;
  if (request.user && data !== undefined) {
    if (!isObject(data)) return error('Invalid user.ext.data.');
    const { keywords, gender, yob } = data;
    if ((keywords ?? '') !== '' && typeof keywords !== 'string') return error('Invalid user.ext.data.');
    if ((gender ?? '') !== '' && typeof gender !== 'string') return error('Invalid user.ext.data.');
    if (yob !== undefined && typeof yob !== 'number') return error('Invalid user.ext.data.');
    const { data: _data, ...userExt } = request.user.ext ?? {};
    const user: User = withProps(request.user, { ext: userExt });
    if (keywords) user.keywords = keywords as string;
    if (gender) user.gender = gender as string;
    if (yob) user.yob = yob;
    out.user = user;
  }
  return out;
}

/** The imp as sent for one of its media types: only that media object, adspace as tagid, skadn kept. */
function impFor(imp: Readonly<Imp>, media: (typeof MEDIA)[number], adspaceId: string): Imp {
  const { banner: _b, video: _v, native: _n, audio: _a, ext, ...rest } = imp;
  const skadn = ext?.skadn;
  return withProps(rest, {
    tagid: adspaceId,
    [media]: imp[media],
    ...(skadn !== undefined ? { ext: { skadn } } : {}),
  });
}

export function buildRequests(request: Readonly<BidRequest>, uri: string): Result<OutgoingRequest[]> {
  const value: OutgoingRequest[] = [];
  const errors: BidderError[] = [];
  for (const imp of request.imp) {
    const params = (imp.ext?.bidder ?? {}) as { publisherId?: unknown; adspaceId?: unknown };
    if (typeof params.publisherId !== 'string' || !params.publisherId) {
      errors.push(error('Missing publisherId parameter.'));
      continue;
    }
    const shaped = shapeRequest(request, params.publisherId);
    if (isBidderError(shaped)) {
      errors.push(shaped);
      continue;
    }
    const media = MEDIA.filter((m) => imp[m] !== undefined);
    if (media.length === 0)
      errors.push(error('Invalid MediaType. Smaato only supports Banner, Video and Native.'));
    for (const m of media)
      value.push(
        postJson(
          uri,
          withProps(shaped, {
            imp: [impFor(imp, m, typeof params.adspaceId === 'string' ? params.adspaceId : '')],
          }),
        ),
      );
  }
  return { value, errors };
}
