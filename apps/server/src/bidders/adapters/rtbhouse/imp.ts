// RTB House request side: each imp's floor (its own, else the params floor in the request currency)
// in USD, its tag id (gpid, ad server slot, Prebid ad slot, else the imp id), its ext without the
// protected-audience signals and no deals; the first publisher id goes to the publisher's ext.
import type { BidRequest, Imp, Publisher } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { withProps, omitKeys } from '@gavel/common';

const BIDDER_CURRENCY = 'USD';
const PAAPI_KEYS = ['ae', 'igs', 'paapi'];

export interface RtbHouseParams {
  publisherId: string;
  bidfloor: number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The imp's params, or the upstream-worded error that stops the whole request. */
export function paramsOf(imp: Readonly<Imp>): RtbHouseParams | BidderError {
  if (!isObject(imp.ext)) {
    return { code: ERROR_CODE.badInput, message: "Bidder extension not provided or can't be unmarshalled" };
  }
  const bidder = imp.ext.bidder;
  const bad = { code: ERROR_CODE.badInput, message: 'Error while unmarshaling bidder extension' };
  if (!isObject(bidder)) return bad;
  const { publisherId, bidfloor, region, channel } = bidder;
  for (const text of [publisherId, region, channel]) {
    if (text !== undefined && text !== null && typeof text !== 'string') return bad;
  }
  if (bidfloor !== undefined && bidfloor !== null && typeof bidfloor !== 'number') return bad;
  return {
    publisherId: typeof publisherId === 'string' ? publisherId : '',
    bidfloor: typeof bidfloor === 'number' ? bidfloor : 0,
  };
}

function tagIdOf(imp: Readonly<Imp>): string {
  const ext = imp.ext ?? {};
  const data = isObject(ext.data) ? ext.data : {};
  const adserver = isObject(data.adserver) ? data.adserver : {};
  return nonEmpty(ext.gpid) ?? nonEmpty(adserver.adslot) ?? nonEmpty(data.pbadslot) ?? imp.id;
}

interface FloorOptions {
  params: RtbHouseParams;
  requestCur: string | undefined;
  ctx: AdapterContext;
}

/** The floor the imp is sent with, or the conversion error. */
function floorOf(imp: Readonly<Imp>, options: FloorOptions): { floor: number; cur: string } | BidderError {
  let floor = imp.bidfloor ?? 0;
  let cur = imp.bidfloorcur ?? '';
  if (cur === '' && floor === 0 && options.params.bidfloor > 0) {
    floor = options.params.bidfloor;
    cur = options.requestCur || BIDDER_CURRENCY;
  }
  if (floor > 0 && cur !== '' && cur.toUpperCase() !== BIDDER_CURRENCY) {
    try {
      floor = options.ctx.convertCurrency(floor, cur, BIDDER_CURRENCY);
    } catch (err) {
      return { code: ERROR_CODE.badInput, message: (err as Error).message };
    }
    cur = BIDDER_CURRENCY;
  }
  return { floor, cur };
}

/** The imp as sent, or the error that stops the request. */
export function buildImp(imp: Readonly<Imp>, options: FloorOptions): Imp | BidderError {
  const floor = floorOf(imp, options);
  if ('code' in floor) return floor;
  const changes: Partial<Imp> = { ext: omitKeys(imp.ext ?? {}, PAAPI_KEYS) };
  if (floor.floor > 0 && floor.cur === BIDDER_CURRENCY) {
    changes.bidfloor = floor.floor;
    changes.bidfloorcur = floor.cur;
  }
  if (!imp.tagid) changes.tagid = tagIdOf(imp);
  return withProps(omitKeys(imp, ['pmp']) as Imp, changes);
}

/** The publisher with the id in its ext; upstream's typed view of that ext keeps nothing else. */
function withPublisherExt(publisher: Publisher | undefined, publisherId: string): Publisher {
  return withProps(publisher, { ext: { prebid: { publisherId } } });
}

/** `request` with the publisher id in its site (else app, else a new site) publisher's ext. */
export function withPublisherId(request: BidRequest, publisherId: string): BidRequest {
  if (request.site || !request.app) {
    const site = request.site ?? {};
    return withProps(request, {
      site: withProps(site, { publisher: withPublisherExt(site.publisher, publisherId) }),
    });
  }
  const app = request.app;
  return withProps(request, {
    app: withProps(app, { publisher: withPublisherExt(app.publisher, publisherId) }),
  });
}
