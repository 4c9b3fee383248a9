// Insticator request building: imps grouped by ad unit (one call per ad unit), each imp's ext reduced
// to {insticator: {adUnitId, publisherId}}, floors in USD, the first valid imp's publisher id set on
// the site/app and as the `publisherId` query param, and Prebid Server appended to ext.insticator.caller.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError, OutgoingRequest, Result } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { withProps } from '@gavel/common';
import { readImpExt } from '../../helpers/imp-ext.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { inputError } from '../../helpers/bid-response.js';
import { notAnObjectMessage } from '../../helpers/parse-json.js';
import { paramIgnoringCase } from '../../helpers/param-lookup.js';
import { publisherIdQuery } from './endpoint.js';
import { withPublisherId } from '../../helpers/publisher-id.js';

interface ImpParts {
  imp: Imp;
  adUnitId: string;
  publisherId: string;
}

const CALLER = { name: 'Prebid-Server', version: 'n/a' };

function stringParam(params: Record<string, unknown>, key: string): string {
  const value = paramIgnoringCase(params, key);
  return typeof value === 'string' ? value : '';
}

function videoError(imp: Readonly<Imp>): BidderError | undefined {
  const video = imp.video;
  if (!video || (video.w && video.h && video.mimes !== undefined && video.mimes !== null)) return undefined;
  return inputError('One or more invalid or missing video field(s) w, h, mimes');
}

function impParts(imp: Readonly<Imp>): ImpParts | BidderError {
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  const adUnitId = stringParam(read.parts.bidder, 'adUnitId');
  const publisherId = stringParam(read.parts.bidder, 'publisherId');
  const invalid = videoError(imp);
  if (invalid) return invalid;
  return { imp: withProps(imp, { ext: { insticator: { adUnitId, publisherId } } }), adUnitId, publisherId };
}

function roundTo4(n: number): number {
  return Math.round(n * 10000) / 10000;
}

/** The imp with a positive floor in USD, or the conversion error. */
function usdFloor(imp: Imp, ctx: AdapterContext): Imp | BidderError {
  const from = imp.bidfloorcur ?? '';
  let floor = imp.bidfloor ?? 0;
  if (floor > 0 && from !== '' && from.toUpperCase() !== 'USD') {
    try {
      floor = roundTo4(ctx.convertCurrency(floor, from, 'USD'));
    } catch {
      return inputError(`Error in converting the provided bid floor currency from ${from} to USD`);
    }
  }
  return floor > 0 ? withProps(imp, { bidfloor: floor, bidfloorcur: 'USD' }) : imp;
}

/** request.ext reduced to `insticator.caller` plus this server; undefined (and an error) when unreadable. */
function requestExt(request: Readonly<BidRequest>): { ext?: Record<string, unknown>; error?: BidderError } {
  const insticator = request.ext?.insticator;
  if (
    insticator !== undefined &&
    insticator !== null &&
    (typeof insticator !== 'object' || Array.isArray(insticator))
  ) {
    const message = `cannot unmarshal insticator.reqExt.Insticator: ${notAnObjectMessage(insticator)}`;
    return { error: { code: ERROR_CODE.badInput, message } };
  }
  const callers = (insticator as { caller?: unknown } | null | undefined)?.caller;
  const previous = Array.isArray(callers) ? callers.map(callerOf) : [];
  return { ext: { insticator: { caller: [...previous, CALLER] } } };
}

function callerOf(value: unknown): Record<string, string> {
  const caller = (value ?? {}) as { name?: unknown; version?: unknown };
  const out: Record<string, string> = {};
  if (typeof caller.name === 'string' && caller.name) out.name = caller.name;
  if (typeof caller.version === 'string' && caller.version) out.version = caller.version;
  return out;
}

function headersFor(request: Readonly<BidRequest>): Record<string, string[]> {
  const headers: Record<string, string[]> = {
    'Content-Type': ['application/json;charset=utf-8'],
    Accept: ['application/json'],
  };
  const device = request.device;
  if (device?.ua) headers['User-Agent'] = [device.ua];
  if (device?.ipv6) headers['X-Forwarded-For'] = [device.ipv6];
  if (device?.ip) {
    headers['X-Forwarded-For'] = [device.ip];
    headers['Ip'] = [device.ip];
  }
  return headers;
}

export function insticatorRequests(
  request: Readonly<BidRequest>,
  ctx: AdapterContext,
): Result<OutgoingRequest[]> {
  const errors: BidderError[] = [];
  const ext = requestExt(request);
  if (ext.error) errors.push(ext.error);
  const groups = new Map<string, Imp[]>();
  let publisherId: string | undefined;
  for (const imp of request.imp) {
    const parts = impParts(imp);
    if (isBidderError(parts)) {
      errors.push(parts);
      continue;
    }
    publisherId ??= parts.publisherId;
    const floored = usdFloor(parts.imp, ctx);
    if (isBidderError(floored)) {
      errors.push(floored);
      continue;
    }
    groups.set(parts.adUnitId, [...(groups.get(parts.adUnitId) ?? []), floored]);
  }
  const base = publisherId === undefined ? request : withPublisherId(request, publisherId);
  const uri = publisherIdQuery(request.app ? ctx.extraInfo : undefined, ctx.endpoint, publisherId ?? '');
  const headers = headersFor(request);
  const value = [...groups.values()].map((imps): OutgoingRequest => {
    const body: BidRequest = withProps(base, { imp: imps, ext: ext.ext });
    return { method: 'POST', uri, body: JSON.stringify(body), headers, impIds: imps.map((i) => i.id) };
  });
  return { value, errors };
}
