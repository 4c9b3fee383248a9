// Response side, per bid (G processResponseTargetingData + getRespData). A `bidresponse` path reads:
//   `seatbid.bid.<path>`  → <path> in the bid itself (its ext included, as it is before these keys);
//   `seatbid.ext.<path>`  → <path> in the bid's seatbid ext;
//   `seatbid.<other>…`    → the empty string (G: no branch sets a value, none an error);
//   `ext.<path>`          → <path> in the response ext, as the response passed in has it;
//   `id`, `bidid`, `cur`, `customdata` → that field ('' when absent); `nbr` → its number ('0' when absent);
//   anything else         → "key not found for field in bid response: <path>".
// `seatbid`, `seatbid.bid`, `seatbid.ext` and `ext` alone (G panics on them) are "value not found".
import type { Bid, BidResponse, SeatBid } from '../openrtb/types.js';
import { lookupDotPath, notFoundMessage, type Lookup } from './lookup.js';

export interface BidContext {
  response: BidResponse;
  seat: SeatBid;
  bid: Bid;
}

const BID_PREFIX = 'seatbid.bid.';
const SEAT_EXT_PREFIX = 'seatbid.ext.';
const EXT_PREFIX = 'ext.';

const found = (value: string): Lookup => ({ ok: true, value });
const missing = (path: string): Lookup => ({ ok: false, error: notFoundMessage(path) });

const stringField = (v: unknown): string => (typeof v === 'string' ? v : '');

/** G getRespData: the top-level fields of an OpenRTB 2.5/2.6 response. */
function responseField(response: BidResponse, path: string): Lookup {
  switch (path) {
    case 'id':
    case 'bidid':
    case 'cur':
    case 'customdata':
      return found(stringField(response[path]));
    case 'nbr':
      return found(typeof response.nbr === 'number' ? String(response.nbr) : '0');
    default:
      return { ok: false, error: `key not found for field in bid response: ${path}` };
  }
}

function fromSeatBid(path: string, ctx: BidContext): Lookup {
  if (path.startsWith(BID_PREFIX)) return lookupDotPath(ctx.bid, path.slice(BID_PREFIX.length));
  if (path.startsWith(SEAT_EXT_PREFIX))
    return lookupDotPath(ctx.seat.ext, path.slice(SEAT_EXT_PREFIX.length));
  const second = path.split('.')[1];
  if (second === undefined || second === 'bid' || second === 'ext') return missing(path);
  return found('');
}

/** The value of one response rule for one bid; errors without G's "for bidder" suffix. */
export function responseValue(path: string, ctx: BidContext): Lookup {
  const head = path.split('.', 1)[0];
  if (head === 'seatbid') return fromSeatBid(path, ctx);
  if (head === 'ext') {
    return path.startsWith(EXT_PREFIX)
      ? lookupDotPath(ctx.response.ext, path.slice(EXT_PREFIX.length))
      : missing(path);
  }
  return responseField(ctx.response, path);
}
