// Yieldlab answers: a JSON array of slot bids (price in euro cents, size as `WxH`). Each bid is matched to
// the imp of its ad slot and rebuilt as an OpenRTB bid whose markup loads Yieldlab's ad source (a script
// tag for banners, a VAST wrapper for video).
import type { Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type {
  AdapterContext,
  BidderError,
  BidderResponse,
  MediaType,
  Result,
  TypedBid,
} from '../../types.js';
import { encodeQuery } from '../../helpers/url-query.js';
import { cacheBuster, consentOf, isoWeek, slotParams, type SlotParams } from './params.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number => (typeof v === 'number' ? v : 0);

interface BidContext {
  request: Readonly<BidRequest>;
  slot: SlotParams;
  raw: Json;
  ctx: AdapterContext;
}

/** `[w, h]` of `WxH` (zeros when it is not two parts), or the parse error. */
function splitSize(size: string): [number, number] | BidderError {
  const parts = size.split('x');
  if (parts.length !== 2) return [0, 0];
  for (const part of parts) {
    if (!/^\d+$/.test(part)) {
      return {
        code: 999,
        message: `failed to parse yieldlab adsize: strconv.ParseUint: parsing "${part}": invalid syntax`,
      };
    }
  }
  return [Number(parts[0]), Number(parts[1])];
}

function adSourceUrl({ request, slot, raw, ctx }: BidContext): string {
  const values = new Map<string, string[]>([
    ['ts', [cacheBuster(ctx)]],
    ['id', [slot.extId]],
    ['pvid', [text(raw.pvid)]],
  ]);
  if (request.user) values.set('ids', [`ylid:${request.user.buyeruid ?? ''}`]);
  const consent = consentOf(request);
  if (!('error' in consent) && consent.gdpr !== '' && consent.consent !== '') {
    values.set('gdpr', [consent.gdpr]);
    values.set('gdpr_consent', [consent.consent]);
  }
  return `https://ad.yieldlab.net/d/${slot.adslotId}/${slot.supplyId}/${text(raw.adsize)}?${encodeQuery(values)}`;
}

function vastOf(slotId: string, url: string): string {
  return (
    `<VAST version="2.0"><Ad id="${slotId}"><Wrapper><AdSystem>Yieldlab</AdSystem>` +
    `<VASTAdTagURI><![CDATA[ ${url} ]]></VASTAdTagURI><Impression></Impression><Creatives></Creatives>` +
    '</Wrapper></Ad></VAST>'
  );
}

/** The bid's DSA facts as `{ dsa }` (empty fields left out), or undefined when it has none. */
function dsaExt(raw: Json): Json | undefined {
  if (!isObject(raw.dsa)) return undefined;
  const dsa: Json = {};
  if (text(raw.dsa.behalf)) dsa.behalf = raw.dsa.behalf;
  if (text(raw.dsa.paid)) dsa.paid = raw.dsa.paid;
  if (typeof raw.dsa.adrender === 'number') dsa.adrender = raw.dsa.adrender;
  const transparency = (Array.isArray(raw.dsa.transparency) ? raw.dsa.transparency : [])
    .filter(isObject)
    .map((t) => {
      const entry: Json = {};
      if (text(t.domain)) entry.domain = t.domain;
      if (Array.isArray(t.dsaparams) && t.dsaparams.length > 0) entry.dsaparams = t.dsaparams;
      return entry;
    });
  if (transparency.length > 0) dsa.transparency = transparency;
  return { dsa };
}

function buildBid(imp: Imp, bc: BidContext, size: [number, number]): TypedBid {
  const { raw, slot } = bc;
  const pid = String(int(raw.pid));
  const bid: Bid = {
    id: String(int(raw.id)),
    impid: imp.id,
    price: int(raw.price) / 100,
    crid: `${slot.adslotId}${pid}${isoWeek(bc.ctx)}`,
    dealid: pid,
    adomain: [text(raw.advertiser)],
  };
  if (size[0]) bid.w = size[0];
  if (size[1]) bid.h = size[1];
  const ext = dsaExt(raw);
  if (ext) bid.ext = ext;
  const url = adSourceUrl(bc);
  const type: MediaType = imp.video ? 'video' : 'banner';
  if (type === 'video') {
    bid.nurl = url;
    bid.adm = vastOf(slot.adslotId, url);
  } else bid.adm = `<script src="${url}"></script>`;
  return { bid, type };
}

/** Imps that can take a Yieldlab bid, by ad slot id (the last imp of a slot wins). */
function impsBySlot(request: Readonly<BidRequest>): Map<string, Imp> {
  const bySlot = new Map<string, Imp>();
  for (const imp of request.imp) {
    if (imp.video || imp.banner) bySlot.set(slotParams(imp)?.adslotId ?? '', imp);
  }
  return bySlot;
}

/** The typed bids of a parsed Yieldlab answer. */
export function bidsOf(
  request: Readonly<BidRequest>,
  answer: unknown[],
  ctx: AdapterContext,
): Result<BidderResponse | null> {
  const slots = request.imp.map(slotParams).filter((p): p is SlotParams => p !== undefined);
  const bySlot = impsBySlot(request);
  const bids: TypedBid[] = [];
  for (const item of answer) {
    const raw = isObject(item) ? item : {};
    const size = splitSize(text(raw.adsize));
    if ('code' in size) return { value: null, errors: [size] };
    const slotId = String(int(raw.id));
    const slot = slots.find((s) => s.adslotId === slotId);
    if (!slot) {
      const message = `failed to find yieldlab request for adslotID ${slotId}. This is most likely a programming issue`;
      return { value: null, errors: [{ code: 999, message }] };
    }
    const imp = bySlot.get(slotId);
    if (imp) bids.push(buildBid(imp, { request, slot, raw, ctx }, size));
  }
  return { value: { currency: 'EUR', bids }, errors: [] };
}
