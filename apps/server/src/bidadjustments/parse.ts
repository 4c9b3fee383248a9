// Reads a `bidadjustments` block (request `ext.{ns}.bidadjustments` or the account's `bidadjustments`)
// with G's JSON rules: unknown keys are ignored, a null scalar is its zero value ('' / 0), a null
// bidder or deal entry is kept as null (Validate then rejects the block), and a value of the wrong
// JSON type is a shape error (G fails to unmarshal: the request is rejected, the account is malformed).
// Bidder keys are lower-cased (J's case-insensitive rule map; G compares them as written).
import {
  RULE_MEDIA_TYPES,
  type Adjustment,
  type AdjustmentsByBidder,
  type AdjustmentsByDeal,
  type BidAdjustments,
  type RuleMediaType,
} from './types.js';

export type ParsedBidAdjustments =
  | { readonly ok: true; readonly value: BidAdjustments | undefined }
  | { readonly ok: false; readonly error: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

class ShapeError extends Error {}

function scalar<T extends 'string' | 'number'>(v: unknown, kind: T, path: string): unknown {
  if (v === undefined || v === null) return kind === 'string' ? '' : 0;
  if (typeof v !== kind || (kind === 'number' && !Number.isFinite(v)))
    throw new ShapeError(`${path} must be a ${kind}`);
  return v;
}

function readAdjustment(v: unknown, path: string): Adjustment {
  if (v === null) return { adjtype: '', value: 0, currency: '' };
  if (!isObj(v)) throw new ShapeError(`${path} must be an object`);
  return {
    adjtype: scalar(v['adjtype'], 'string', `${path}.adjtype`) as string,
    value: scalar(v['value'], 'number', `${path}.value`) as number,
    currency: scalar(v['currency'], 'string', `${path}.currency`) as string,
  };
}

function readDeals(v: unknown, path: string): AdjustmentsByDeal | null {
  if (v === null) return null;
  if (!isObj(v)) throw new ShapeError(`${path} must be an object`);
  const deals = new Map<string, readonly Adjustment[] | null>();
  for (const [dealId, list] of Object.entries(v)) {
    const at = `${path}.${dealId}`;
    if (list === null) deals.set(dealId, null);
    else if (!Array.isArray(list)) throw new ShapeError(`${at} must be an array`);
    else
      deals.set(
        dealId,
        list.map((a: unknown, i) => readAdjustment(a, `${at}[${i}]`)),
      );
  }
  return deals;
}

function readBidders(v: Obj, path: string): AdjustmentsByBidder {
  const bidders = new Map<string, AdjustmentsByDeal | null>();
  for (const [bidder, deals] of Object.entries(v)) {
    bidders.set(bidder.toLowerCase(), readDeals(deals, `${path}.${bidder}`));
  }
  return bidders;
}

function readBlock(raw: unknown): BidAdjustments | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isObj(raw)) throw new ShapeError('bidadjustments must be an object');
  const mediatype = raw['mediatype'];
  const mediaTypes = new Map<RuleMediaType, AdjustmentsByBidder>();
  if (mediatype === undefined || mediatype === null) return { mediaTypes };
  if (!isObj(mediatype)) throw new ShapeError('bidadjustments.mediatype must be an object');
  for (const type of RULE_MEDIA_TYPES) {
    const bidders = mediatype[type];
    if (bidders === undefined || bidders === null) continue;
    const path = `bidadjustments.mediatype.${type}`;
    if (!isObj(bidders)) throw new ShapeError(`${path} must be an object`);
    mediaTypes.set(type, readBidders(bidders, path));
  }
  return { mediaTypes };
}

/** Parses a block; `value` undefined when absent or null. Never throws. */
export function parseBidAdjustments(raw: unknown): ParsedBidAdjustments {
  try {
    return { ok: true, value: readBlock(raw) };
  } catch (e) {
    if (e instanceof ShapeError) return { ok: false, error: e.message };
    throw e;
  }
}
