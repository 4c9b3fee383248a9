// e-planning ad spaces: each valid imp becomes a space `<name>:<WxH>` (video: `video_<WxH>_<n>:<WxH>;1`).
// The auction is banner, in-stream or out-stream video as a whole; imps of the other kind are
// rejected. A banner's size is picked by a size priority list (mobile or desktop).
import type { BidRequest, Format, Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { stringParamError } from '../../helpers/typed-params.js';
import { notAnObjectMessage } from '../../helpers/parse-json.js';

/** 0 banner, 1 in-stream video, 2 out-stream video. */
export type AuctionKind = 0 | 1 | 2;

const MOBILE_SIZES = ['1x1', '300x50', '320x50', '300x250'];
const DESKTOP_SIZES = ['1x1', '970x90', '970x250', '160x600', '300x600', '728x90', '300x250'];
const MOBILE_DEVICE_TYPES = [1, 4, 5];

export interface Space {
  impId: string;
  name: string;
  size: string;
  video: boolean;
  clientId: string;
}

export function isMobile(request: Readonly<BidRequest>): boolean {
  return MOBILE_DEVICE_TYPES.includes(request.device?.devicetype ?? 0);
}

/** In-stream when any video imp is (placement 1), else out-stream when any imp is video, else banner. */
export function auctionKind(request: Readonly<BidRequest>): AuctionKind {
  let kind: AuctionKind = 0;
  for (const imp of request.imp) {
    if (!imp.video) continue;
    if (imp.video.placement === 1) kind = 1;
    else if (kind === 0) kind = 2;
  }
  return kind;
}

/** The ad unit code as a space name: separators dropped, brackets and colons turned into `_`. */
export function cleanName(name: string): string {
  return name
    .replace(/_|\.|-|\//g, '')
    .replace(/\)\(|\(|\)|:/g, '_')
    .replace(/^_+|_+$/g, '');
}

function prioritySize(formats: readonly Format[], mobile: boolean): [number, number] {
  const byName = new Map<string, Format>();
  for (const f of formats) if (f.w && f.h) byName.set(`${f.w}x${f.h}`, f);
  const order = mobile ? MOBILE_SIZES : DESKTOP_SIZES;
  for (let i = order.length - 1; i >= 0; i--) {
    const found = byName.get(order[i] ?? '');
    if (found) return [found.w ?? 0, found.h ?? 0];
  }
  const first = formats[0];
  return [first?.w ?? 0, first?.h ?? 0];
}

function sizeOf(imp: Readonly<Imp>, mobile: boolean): [number, number] {
  const { video, banner } = imp;
  if (video && (video.w ?? 0) > 0 && (video.h ?? 0) > 0) return [video.w ?? 0, video.h ?? 0];
  if (!banner) return [0, 0];
  if (banner.w !== undefined && banner.h !== undefined) return [banner.w, banner.h];
  return banner.format ? prioritySize(banner.format, mobile) : [0, 0];
}

function kindError(imp: Readonly<Imp>, kind: AuctionKind): string | undefined {
  if (kind === 1 && imp.video?.placement !== 1) return 'auction instream and imp no instream';
  if (kind === 2 && (!imp.video || imp.video.placement === 1))
    return 'auction outstream and imp no outstream';
  return undefined;
}

export interface SpaceOptions {
  kind: AuctionKind;
  mobile: boolean;
}

/** The imp's space (its name without the video index), or why the imp is ignored. */
export function spaceOf(imp: Readonly<Imp>, options: SpaceOptions): Space | BidderError {
  const ignore = (why: string): BidderError => ({
    code: ERROR_CODE.badInput,
    message: `Ignoring imp id=${imp.id}, ${why}`,
  });
  const ext = imp.ext;
  if (ext === undefined || ext === null || typeof ext !== 'object' || Array.isArray(ext)) {
    return ignore(`error while decoding extImpBidder, err: ${notAnObjectMessage(ext)}`);
  }
  const kindProblem = kindError(imp, options.kind);
  if (kindProblem) return ignore(kindProblem);
  const params = ext.bidder;
  if (params !== undefined && params !== null && (typeof params !== 'object' || Array.isArray(params))) {
    return ignore(`error while decoding impExt, err: ${notAnObjectMessage(params)}`);
  }
  const bidder = (params ?? {}) as Record<string, unknown>;
  const typed = stringParamError(bidder, 'openrtb_ext.ExtImpEPlanning', {
    ci: 'ClientID',
    adunit_code: 'AdUnitCode',
  });
  if (typed) return ignore(`error while decoding impExt, err: ${typed.message}`);
  const clientId = typeof bidder.ci === 'string' ? bidder.ci : '';
  if (!clientId) return ignore('no ClientID present');
  const [w, h] = sizeOf(imp, options.mobile);
  const size = w === 0 && h === 0 ? (imp.video ? '640x480' : '1x1') : `${w}x${h}`;
  const code = typeof bidder.adunit_code === 'string' && bidder.adunit_code ? bidder.adunit_code : size;
  return { impId: imp.id, name: cleanName(code), size, video: !!imp.video, clientId };
}

/** Every valid imp's space, video ones named by their order, plus the errors of the others. */
export function spacesOf(request: Readonly<BidRequest>): {
  spaces: Space[];
  errors: BidderError[];
  kind: AuctionKind;
} {
  const options: SpaceOptions = { kind: auctionKind(request), mobile: isMobile(request) };
  const spaces: Space[] = [];
  const errors: BidderError[] = [];
  let videoIndex = 0;
  for (const imp of request.imp) {
    const space = spaceOf(imp, options);
    if ('code' in space) {
      errors.push(space);
      continue;
    }
    if (space.video) space.name = `video_${space.size}_${videoIndex++}`;
    spaces.push(space);
  }
  return { spaces, errors, kind: options.kind };
}

/** A space as the `e` query parameter lists it. */
export function spaceText(space: Space): string {
  return space.video ? `${space.name}:${space.size};1` : `${space.name}:${space.size}`;
}
