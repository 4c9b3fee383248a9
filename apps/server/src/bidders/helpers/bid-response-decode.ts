// Type errors of a bid response body as upstream's typed decoder reports them ("cannot unmarshal
// openrtb2.BidResponse.SeatBid: decode slice: expect [ or n, but found {"), for bidders whose answers
// fail as a whole when a field has the wrong JSON type. Only the shapes bidders get wrong are checked:
// the seatbid/bid arrays and the bid's scalar fields.
import type { BidderError } from '../types.js';
import { ERROR_CODE } from '../types.js';
import { parseJson } from './parse-json.js';

type Json = Record<string, unknown>;

const BID_NUMBERS: Readonly<Record<string, string>> = {
  price: 'Price',
  w: 'W',
  h: 'H',
  mtype: 'MType',
  exp: 'Exp',
  dur: 'Dur',
};
const BID_STRINGS: Readonly<Record<string, string>> = {
  id: 'ID',
  impid: 'ImpID',
  adm: 'AdM',
  nurl: 'NURL',
  crid: 'CrID',
  adid: 'AdID',
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const firstChar = (v: unknown): string => (JSON.stringify(v) ?? '').charAt(0);

/** `obj[key]` matched case-insensitively, as the decoder matches keys. */
function member(obj: Json, key: string): unknown {
  if (key in obj) return obj[key];
  const found = Object.keys(obj).find((k) => k.toLowerCase() === key);
  return found === undefined ? undefined : obj[found];
}

function sliceError(v: unknown, field: string): string | undefined {
  if (v === undefined || v === null || Array.isArray(v)) return undefined;
  return `cannot unmarshal ${field}: decode slice: expect [ or n, but found ${firstChar(v)}`;
}

function bidError(bid: unknown): string | undefined {
  if (!isObject(bid))
    return `cannot unmarshal openrtb2.SeatBid.Bid: expect { or n, but found ${firstChar(bid)}`;
  for (const [key, name] of Object.entries(BID_NUMBERS)) {
    const v = member(bid, key);
    if (v !== undefined && v !== null && typeof v !== 'number')
      return `cannot unmarshal openrtb2.Bid.${name}: unexpected character: ${firstChar(v)}`;
  }
  for (const [key, name] of Object.entries(BID_STRINGS)) {
    const v = member(bid, key);
    if (v !== undefined && v !== null && typeof v !== 'string')
      return `cannot unmarshal openrtb2.Bid.${name}: expects " or n, but found ${firstChar(v)}`;
  }
  return undefined;
}

const RESPONSE_STRINGS: Readonly<Record<string, string>> = { id: 'ID', bidid: 'BidID', cur: 'Cur' };

function responseError(body: Json): string | undefined {
  for (const [key, name] of Object.entries(RESPONSE_STRINGS)) {
    const v = member(body, key);
    if (v !== undefined && v !== null && typeof v !== 'string')
      return `cannot unmarshal openrtb2.BidResponse.${name}: expects " or n, but found ${firstChar(v)}`;
  }
  const seatbids = member(body, 'seatbid');
  const outer = sliceError(seatbids, 'openrtb2.BidResponse.SeatBid');
  if (outer || !Array.isArray(seatbids)) return outer;
  for (const seatbid of seatbids) {
    if (!isObject(seatbid)) continue;
    const bids = member(seatbid, 'bid');
    const inner = sliceError(bids, 'openrtb2.SeatBid.Bid');
    if (inner) return inner;
    for (const bid of Array.isArray(bids) ? bids : []) {
      const error = bidError(bid);
      if (error) return error;
    }
  }
  return undefined;
}

/** The decode error of a response body that is a JSON object with mistyped fields; else undefined. */
export function bidResponseDecodeError(text: string): BidderError | undefined {
  const parsed = parseJson<unknown>(text);
  if (!parsed.ok || !isObject(parsed.value)) return undefined;
  const message = responseError(parsed.value);
  return message === undefined ? undefined : { code: ERROR_CODE.badServerResponse, message };
}
