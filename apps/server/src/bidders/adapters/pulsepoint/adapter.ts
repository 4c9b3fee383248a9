// PulsePoint adapter: one call with every imp whose params hold a publisher id (`cp`, the first one
// wins and becomes site/app.publisher.id) and an ad slot id (`ct` → imp.tagid). Bids are typed by the
// imp they bid on (banner, video, audio, native in that order); bids on unknown imps are dropped.
import type { BidRequest, Imp, Publisher } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { postJson } from '../../helpers/json-request.js';
import { allBids, parseBidResponse } from '../../helpers/bid-response.js';
import { bidResponseDecodeError } from '../../helpers/bid-response-decode.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';
import { withProps } from '@gavel/common';

const PARAM_FIELDS: Readonly<Record<string, string>> = { cp: 'PubID', ct: 'TagID' };
const MALFORMED = "Value looks like Number/Boolean/None, but can't find its end: ',' or '}' symbol";

/** A number-or-numeric-string param as an integer (0 when absent or empty), or the decode error text. */
function intParam(value: unknown): number | string {
  if (value === undefined || value === null) return 0;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === '') return 0;
  if (!/^-?\d+$/.test(text)) return MALFORMED;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : 'Value is number, but overflowed while parsing';
}

type ImpParams = { pubId: number; tagId: number };

/** Both ids of an imp's params, or the bad-input error naming the first malformed one. */
function readParams(imp: Readonly<Imp>): ImpParams | BidderError {
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  const values: Record<string, number> = { cp: 0, ct: 0 };
  for (const [key, raw] of Object.entries(read.parts.bidder)) {
    const field = PARAM_FIELDS[key.toLowerCase()];
    if (!field) continue;
    const parsed = intParam(raw);
    if (typeof parsed === 'string') {
      const message = `cannot unmarshal openrtb_ext.ExtImpPulsePoint.${field}: ${parsed}`;
      return { code: ERROR_CODE.badInput, message };
    }
    values[key.toLowerCase()] = parsed;
  }
  return { pubId: values.cp ?? 0, tagId: values.ct ?? 0 };
}

const missing = (name: string): BidderError => ({
  code: ERROR_CODE.badInput,
  message: `param not found - ${name}`,
});

function withPublisherId<T extends { publisher?: Publisher }>(owner: Readonly<T>, id: string): T {
  const publisher: Publisher = owner.publisher ? withProps(owner.publisher, { id }) : { id };
  return withProps(owner, { publisher } as Partial<T>);
}

function buildRequest(request: Readonly<BidRequest>): { body?: BidRequest; errors: BidderError[] } {
  const errors: BidderError[] = [];
  const imps: Imp[] = [];
  let pubId = '';
  for (const imp of request.imp) {
    const params = readParams(imp);
    if ('code' in params) {
      errors.push(params);
      continue;
    }
    if (pubId === '') {
      if (params.pubId === 0) {
        errors.push(missing('pubID'));
        continue;
      }
      pubId = String(params.pubId);
    }
    if (params.tagId === 0) {
      errors.push(missing('tagID'));
      continue;
    }
    imps.push(withProps(imp, { tagid: String(params.tagId) }));
  }
  if (imps.length === 0) return { errors };
  const changes: Partial<BidRequest> = { imp: imps };
  if (request.site) changes.site = withPublisherId(request.site, pubId);
  else if (request.app) changes.app = withPublisherId(request.app, pubId);
  return { body: withProps(request, changes), errors };
}

const TYPE_ORDER: readonly MediaType[] = ['banner', 'video', 'audio', 'native'];

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const { body, errors } = buildRequest(request);
    return { value: body ? [postJson(ctx.endpoint, body)] : [], errors };
  },
  makeBids(request, call) {
    const { status } = call.response;
    if (status === 204) return { value: null, errors: [] };
    if (status !== 200) {
      const code = status === 400 ? ERROR_CODE.badInput : ERROR_CODE.badServerResponse;
      const what = status === 400 ? 'Bad user input' : 'Bad server response';
      return { value: null, errors: [{ code, message: `${what}: HTTP status ${status}` }] };
    }
    const decodeError = bidResponseDecodeError(call.response.body);
    if (decodeError) return { value: null, errors: [decodeError] };
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids: TypedBid[] = [];
    for (const { bid } of allBids(parsed.value)) {
      const type = mediaTypeOfImp(request.imp, bid.impid, TYPE_ORDER);
      if (type) bids.push({ bid, type });
    }
    return { value: { bids }, errors: [] };
  },
};
