// Beachfront imp params and floors: the params decoded as upstream's typed decode reports them, the
// app id per media type, and the floor rule (imp floor in USD, raised to the params floor; at most
// one cent means no floor).
import type { Imp } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { inputError } from '../../helpers/bid-response.js';
import { asObject, notAnObjectMessage } from '../../helpers/parse-json.js';
import { paramIgnoringCase } from '../../helpers/param-lookup.js';
import { omitKeys, withProps } from '@gavel/common';

export interface BeachfrontParams {
  appId: string;
  appIds: { video: string; banner: string };
  bidfloor: number;
  videoResponseType: string;
}

const MIN_FLOOR = 0.01;
const TYPE = 'openrtb_ext.ExtImpBeachfront';

const found = (value: unknown): string => (JSON.stringify(value) ?? '').charAt(0);
const isString = (value: unknown): boolean => value === null || typeof value === 'string';
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The first field (in the params' own key order) whose value has the wrong type. */
function decodeError(params: Readonly<Record<string, unknown>>): string | undefined {
  for (const [name, value] of Object.entries(params)) {
    const key = name.toLowerCase();
    if ((key === 'appid' || key === 'videoresponsetype') && !isString(value)) {
      const field = key === 'appid' ? 'AppId' : 'VideoResponseType';
      return `cannot unmarshal ${TYPE}.${field}: expects " or n, but found ${found(value)}`;
    }
    if (key === 'bidfloor' && value !== null && typeof value !== 'number') {
      return `cannot unmarshal ${TYPE}.BidFloor: invalid number`;
    }
    if (key === 'appids' && value !== null) {
      if (!asObject(value).ok) return `cannot unmarshal ${TYPE}.AppIds: ${notAnObjectMessage(value)}`;
      const ids = value as Record<string, unknown>;
      const bad = ['video', 'banner'].find((k) => k in ids && !isString(ids[k]));
      if (bad) return `cannot unmarshal ${TYPE}.AppIds: expects " or n, but found ${found(ids[bad])}`;
    }
  }
  return undefined;
}

export function paramsOf(imp: Readonly<Imp>): BeachfrontParams | BidderError {
  const ext = asObject(imp.ext);
  if (!ext.ok) {
    return inputError(
      `ignoring imp id=${imp.id}, error while decoding extImpBidder, err: ${ext.error.message}`,
    );
  }
  const bidder = asObject(ext.value.bidder ?? {});
  const problem = bidder.ok ? decodeError(bidder.value) : bidder.error.message;
  if (problem !== undefined || !bidder.ok) {
    return inputError(
      `ignoring imp id=${imp.id}, error while decoding extImpBeachfront, err: ${problem ?? ''}`,
    );
  }
  const p = bidder.value;
  const ids = asObject(paramIgnoringCase(p, 'appIds') ?? {});
  const appIds = ids.ok ? ids.value : {};
  const bidfloor = paramIgnoringCase(p, 'bidfloor');
  return {
    appId: text(paramIgnoringCase(p, 'appId')),
    appIds: {
      video: text(paramIgnoringCase(appIds, 'video')),
      banner: text(paramIgnoringCase(appIds, 'banner')),
    },
    bidfloor: typeof bidfloor === 'number' ? bidfloor : 0,
    videoResponseType: text(paramIgnoringCase(p, 'videoResponseType')),
  };
}

/** The app id for `media`: the common one, else the media type's own, else the error. */
export function appIdOf(params: BeachfrontParams, media: 'banner' | 'video'): string | BidderError {
  if (params.appId !== '') return params.appId;
  const own = media === 'video' ? params.appIds.video : params.appIds.banner;
  return own !== '' ? own : inputError('unable to determine the appId(s) from the supplied extension');
}

export interface Floored {
  imp?: Imp;
  /** A warning (the imp is kept) or the error that drops it (no `imp`). */
  error?: BidderError;
}

function conversionText(imp: Readonly<Imp>, err: unknown): string {
  const floor = (imp.bidfloor ?? 0).toFixed(2);
  return (
    'The following error was recieved from the currency converter while attempting to convert the ' +
    `imp.bidfloor value of ${floor} from ${imp.bidfloorcur ?? ''} to USD:\n${(err as Error).message}\n`
  );
}

/** The imp with its floor settled in USD, as Beachfront takes it. */
export function withFloor(imp: Readonly<Imp>, params: BeachfrontParams, ctx: AdapterContext): Floored {
  let floor = imp.bidfloor ?? 0;
  const cur = imp.bidfloorcur ?? '';
  if (cur !== '' && cur.toUpperCase() !== 'USD' && floor > 0) {
    try {
      floor = ctx.convertCurrency(floor, cur, 'USD');
    } catch (err) {
      if (params.bidfloor <= MIN_FLOOR) {
        const tail = 'A value of imp.ext.beachfront.bidfloor was not provided. The bid is being skipped.';
        return { error: inputError(conversionText(imp, err) + tail) };
      }
      const tail = `The provided value of imp.ext.beachfront.bidfloor, ${params.bidfloor.toFixed(2)} USD is being used as a fallback.`;
      const error = { code: ERROR_CODE.none, message: conversionText(imp, err) + tail };
      return { imp: withProps(imp, { bidfloor: params.bidfloor, bidfloorcur: 'USD' }), error };
    }
  }
  if (floor < params.bidfloor) floor = params.bidfloor;
  if (floor > MIN_FLOOR) return { imp: withProps(imp, { bidfloor: floor, bidfloorcur: 'USD' }) };
  return { imp: omitKeys(imp, ['bidfloor', 'bidfloorcur']) };
}
