// Adnuntius answers: ad units keyed by target id. Per imp, the best-priced matched ad unit (across its
// media types) gives one bid from its first ad (native markup when the unit carries native JSON), plus
// one banner bid per deal. Prices are per mille ×1000 (net or gross on request); the last ad's
// currency is the answer's; DSA advertiser facts go to bid.ext.dsa when the request asks for DSA.
import type { Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type { BidderError, BidderResponse, CompletedCall, MediaType, Result, TypedBid } from '../../types.js';
import { inputError, serverError } from '../../helpers/bid-response.js';
import { asObject, parseJsonObject } from '../../helpers/parse-json.js';
import { stringParamError } from '../../helpers/typed-params.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';

type Json = Record<string, unknown>;

/** A member read as upstream's decoder matches keys: exact name first, else ignoring case. */
function member(obj: unknown, name: string): unknown {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
  const record = obj as Json;
  if (name in record) return record[name];
  const lower = name.toLowerCase();
  const key = Object.keys(record).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : record[key];
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const amountOf = (ad: unknown, field: string): number => {
  const amount = member(member(ad, field), 'amount');
  return typeof amount === 'number' ? amount : 0;
};

const AD_STRINGS = {
  dealId: 'DealID',
  adId: 'AdId',
  creativeWidth: 'CreativeWidth',
  creativeHeight: 'CreativeHeight',
  creativeId: 'CreativeId',
  lineItemId: 'LineItemId',
  html: 'Html',
};

/** The decode error of an ad whose string fields hold something else. */
function adTypeError(ad: unknown): BidderError | undefined {
  const fields: Json = {};
  for (const key of Object.keys(AD_STRINGS)) fields[key] = member(ad, key);
  const error = stringParamError(fields, 'adnuntius.Ad', AD_STRINGS);
  return error ? serverError(error.message) : undefined;
}

/** The first decode error among the ads and deals of the answer's ad units. */
function decodeError(adUnits: unknown[]): BidderError | undefined {
  for (const unit of adUnits) {
    for (const ad of [...list(member(unit, 'ads')), ...list(member(unit, 'deals'))]) {
      const error = adTypeError(ad);
      if (error) return error;
    }
  }
  return undefined;
}

/** The matched ad unit with the best first-ad price per `auId-impId`. */
function bestUnits(adUnits: unknown[]): Map<string, unknown> {
  const best = new Map<string, unknown>();
  for (const unit of adUnits) {
    const count = member(unit, 'matchedAdCount');
    if (typeof count !== 'number' || count <= 0) continue;
    const key = text(member(unit, 'targetId')).split(':')[0] ?? '';
    const current = best.get(key);
    const price = (u: unknown): number => amountOf(list(member(u, 'ads'))[0], 'bid');
    if (current === undefined || price(unit) > price(current)) best.set(key, unit);
  }
  return best;
}

interface BidInput {
  ad: unknown;
  imp: Readonly<Imp>;
  adm: string;
  mtype: 1 | 4;
  dsa: boolean;
}

function priceOf(ad: unknown, imp: Readonly<Imp>): number {
  const params = member(member(imp.ext, 'bidder'), 'bidType');
  const bidType = typeof params === 'string' ? params.toLowerCase() : '';
  if (bidType === 'net') return amountOf(ad, 'netBid');
  if (bidType === 'gross') return amountOf(ad, 'grossBid');
  return amountOf(ad, 'bid');
}

function sizeOf(ad: unknown, field: 'creativeWidth' | 'creativeHeight'): number | BidderError {
  const value = text(member(ad, field));
  if (/^[+-]?\d+$/.test(value)) return Number(value);
  const label = field === 'creativeWidth' ? 'width' : 'height';
  return serverError(`Value of ${label}: ${value} is not a string`);
}

function dsaExt(ad: unknown): Json | undefined {
  const advertiser = member(ad, 'advertiser');
  const name = text(member(advertiser, 'name'));
  if (name === '') return undefined;
  const legalName = text(member(advertiser, 'legalName')) || name;
  return { dsa: { paid: legalName, behalf: legalName, adrender: 0 } };
}

function bidOf({ ad, imp, adm, mtype, dsa }: BidInput): TypedBid | BidderError {
  const w = sizeOf(ad, 'creativeWidth');
  if (isBidderError(w)) return w;
  const h = sizeOf(ad, 'creativeHeight');
  if (isBidderError(h)) return h;
  const adId = text(member(ad, 'adId'));
  const bid: Bid = { id: adId, impid: imp.id, price: priceOf(ad, imp) * 1000, adm, adid: adId };
  const domains = member(ad, 'advertiserDomains');
  if (Array.isArray(domains) && domains.length > 0) bid.adomain = domains as string[];
  const optional: [keyof Bid, string][] = [
    ['cid', text(member(ad, 'lineItemId'))],
    ['crid', text(member(ad, 'creativeId'))],
    ['dealid', text(member(ad, 'dealId'))],
  ];
  for (const [key, value] of optional) if (value !== '') bid[key] = value;
  bid.mtype = mtype;
  if (w !== 0) bid.w = w;
  if (h !== 0) bid.h = h;
  const ext = dsa ? dsaExt(ad) : undefined;
  if (ext) bid.ext = ext;
  const type: MediaType = mtype === 4 ? 'native' : 'banner';
  return { bid, type };
}

/** The unit's native markup (its `nativeJson.ortb` as text), none, or the error. */
function nativeMarkup(unit: unknown, imp: Readonly<Imp>): string | undefined | BidderError {
  const nativeJson = member(unit, 'nativeJson');
  if (nativeJson === undefined) return undefined;
  const ortb = member(nativeJson, 'ortb');
  if (ortb === undefined) return serverError(`Failed to parse native json where imp id=${imp.id}`);
  return typeof ortb === 'string' ? ortb : JSON.stringify(ortb);
}

function requestsDsa(request: Readonly<BidRequest>): boolean | BidderError {
  const ext: unknown = request.regs?.ext;
  if (ext === undefined || ext === null) return false;
  const parsed = asObject(ext);
  if (!parsed.ok) {
    return serverError(
      `Error extracting Ext: Failed to parse Ext information in Adnuntius: ${parsed.error.message}`,
    );
  }
  const dsa = parsed.value.dsa;
  return dsa !== undefined && dsa !== null;
}

function impBids(unit: unknown, imp: Readonly<Imp>, dsa: boolean): TypedBid[] | BidderError {
  const ad = list(member(unit, 'ads'))[0];
  const native = nativeMarkup(unit, imp);
  if (isBidderError(native)) return native;
  const adm = native ?? text(member(unit, 'html'));
  const main = bidOf({ ad, imp, adm, mtype: native === undefined ? 1 : 4, dsa });
  if (isBidderError(main)) return main;
  const bids = [main];
  for (const deal of list(member(unit, 'deals'))) {
    const dealBid = bidOf({ ad: deal, imp, adm: text(member(deal, 'html')), mtype: 1, dsa });
    if (isBidderError(dealBid)) return dealBid;
    bids.push(dealBid);
  }
  return bids;
}

function statusError(status: number): BidderError | undefined {
  if (status === 400) return inputError(`Status code: ${status}, Request malformed`);
  if (status !== 200) return serverError(`Status code: ${status}, Something went wrong with your request`);
  return undefined;
}

export function makeBids(request: Readonly<BidRequest>, call: CompletedCall): Result<BidderResponse | null> {
  const fail = (error: BidderError): Result<BidderResponse | null> => ({ value: null, errors: [error] });
  const status = statusError(call.response.status);
  if (status) return fail(status);
  const parsed = parseJsonObject<Json>(call.response.body);
  if (!parsed.ok) return fail(parsed.error);
  const adUnits = list(member(parsed.value, 'adUnits'));
  const invalid = decodeError(adUnits);
  if (invalid) return fail(invalid);
  const units = bestUnits(adUnits);
  const bids: TypedBid[] = [];
  let currency = '';
  for (const imp of request.imp) {
    const auId = member(member(imp.ext, 'bidder'), 'auId');
    if (auId === undefined) return fail(inputError('Error at Bidder auId: Key path not found'));
    const unit = units.get(`${typeof auId === 'string' ? auId : JSON.stringify(auId)}-${imp.id}`);
    const ad = list(member(unit, 'ads'))[0];
    if (ad === undefined) continue;
    currency = text(member(member(ad, 'bid'), 'currency'));
    const dsa = requestsDsa(request);
    if (isBidderError(dsa)) return fail(dsa);
    const found = impBids(unit, imp, dsa);
    if (isBidderError(found)) return fail(found);
    bids.push(...found);
  }
  return { value: { currency, bids }, errors: [] };
}
