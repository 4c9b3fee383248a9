// Field table of the OpenRTB 2.6 objects as the upstream server's typed structs see them (data only).
// Used to reproduce its decode → encode behaviour: unknown keys dropped, case-insensitive key match,
// zero values of non-pointer fields omitted (adapter contract: what a bidder receives and returns).

/**
 * Field kinds: `o` scalar omitted when zero/empty; `p` pointer scalar (kept when 0); `a` scalar array
 * omitted when empty; `x` raw JSON (ext), kept as given; `S`/`N`/`A` always written (string, number,
 * array: zero value when absent); `{T}` object of type T; `[T]` array of T (omitted when empty);
 * `[T]!` array of T, always written.
 */
export type FieldKind =
  'o' | 'p' | 'a' | 'x' | 'S' | 'N' | 'A' | `{${string}}` | `[${string}]` | `[${string}]!`;

type Table = Readonly<Record<string, Readonly<Record<string, FieldKind>>>>;

const named = { id: 'o', name: 'o', domain: 'o', ext: 'x' } as const;
const taxonomy = { cattax: 'o', cat: 'a' } as const;

// One line per field group keeps the table readable.
/* eslint-disable no-restricted-syntax -- a table built once at start-up: its hidden classes do not matter */
// prettier-ignore
export const ORTB_SCHEMA: Table = {
  BidRequest: {
    id: 'S', imp: '[Imp]!', site: '{Site}', app: '{App}', dooh: '{DOOH}', device: '{Device}',
    user: '{User}', test: 'o', at: 'o', tmax: 'o', wseat: 'a', bseat: 'a', allimps: 'o', cur: 'a',
    wlang: 'a', wlangb: 'a', bcat: 'a', cattax: 'o', badv: 'a', bapp: 'a', source: '{Source}',
    regs: '{Regs}', ext: 'x',
  },
  Source: { fd: 'p', tid: 'o', pchain: 'o', schain: '{SupplyChain}', ext: 'x' },
  SupplyChain: { complete: 'N', nodes: '[SupplyChainNode]!', ver: 'S', ext: 'x' },
  SupplyChainNode: { asi: 'o', sid: 'o', rid: 'o', name: 'o', domain: 'o', hp: 'p', ext: 'x' },
  Regs: { coppa: 'o', gdpr: 'p', us_privacy: 'o', gpp: 'o', gpp_sid: 'a', ext: 'x' },
  Imp: {
    id: 'S', metric: '[Metric]', banner: '{Banner}', video: '{Video}', audio: '{Audio}',
    native: '{Native}', pmp: '{PMP}', displaymanager: 'o', displaymanagerver: 'o', instl: 'o',
    tagid: 'o', bidfloor: 'o', bidfloorcur: 'o', clickbrowser: 'o', secure: 'p', iframebuster: 'a',
    rwdd: 'o', ssai: 'o', exp: 'o', qty: '{Qty}', dt: 'o', refresh: '{Refresh}', etime: 'p',
    ext: 'x',
  },
  Metric: { type: 'S', value: 'N', vendor: 'o', ext: 'x' },
  Qty: { multiplier: 'o', sourcetype: 'o', vendor: 'o', ext: 'x' },
  Refresh: { refsettings: '[RefSettings]', count: 'o', ext: 'x' },
  RefSettings: { reftype: 'o', minint: 'o', ext: 'x' },
  DurFloors: { mindur: 'o', maxdur: 'o', bidfloor: 'o', ext: 'x' },
  Banner: {
    format: '[Format]', w: 'p', h: 'p', wmax: 'o', hmax: 'o', wmin: 'o', hmin: 'o', btype: 'a',
    battr: 'a', pos: 'p', mimes: 'a', topframe: 'o', expdir: 'a', api: 'a', id: 'o', vcm: 'o',
    ext: 'x',
  },
  Format: { w: 'o', h: 'o', wratio: 'o', hratio: 'o', wmin: 'o', ext: 'x' },
  Video: {
    mimes: 'A', minduration: 'o', maxduration: 'o', startdelay: 'p', maxseq: 'o', poddur: 'o',
    protocols: 'a', protocol: 'o', w: 'p', h: 'p', podid: 'o', podseq: 'o', rqddurs: 'a',
    placement: 'o', plcmt: 'o', linearity: 'o', skip: 'p', skipmin: 'o', skipafter: 'o',
    sequence: 'o', slotinpod: 'o', mincpmpersec: 'o', battr: 'a', maxextended: 'o',
    minbitrate: 'o', maxbitrate: 'o', boxingallowed: 'p', playbackmethod: 'a', playbackend: 'o',
    delivery: 'a', pos: 'p', companionad: '[Banner]', api: 'a', companiontype: 'a',
    durfloors: '[DurFloors]', ext: 'x',
  },
  Audio: {
    mimes: 'A', minduration: 'o', maxduration: 'o', poddur: 'o', protocols: 'a', startdelay: 'p',
    rqddurs: 'a', podid: 'o', podseq: 'o', sequence: 'o', slotinpod: 'o', mincpmpersec: 'o',
    battr: 'a', maxextended: 'o', minbitrate: 'o', maxbitrate: 'o', delivery: 'a',
    companionad: '[Banner]', api: 'a', companiontype: 'a', maxseq: 'o', feed: 'o', stitched: 'o',
    nvol: 'o', durfloors: '[DurFloors]', ext: 'x',
  },
  Native: { request: 'S', ver: 'o', api: 'a', battr: 'a', ext: 'x' },
  PMP: { private_auction: 'o', deals: '[Deal]', ext: 'x' },
  Deal: {
    id: 'S', bidfloor: 'o', bidfloorcur: 'o', at: 'o', wseat: 'a', wadomain: 'a', guar: 'o',
    mincpmpersec: 'o', durfloors: '[DurFloors]', ext: 'x',
  },
  Site: {
    ...named, ...taxonomy, sectioncat: 'a', pagecat: 'a', page: 'o', ref: 'o', search: 'o',
    mobile: 'o', privacypolicy: 'p', publisher: '{Publisher}', content: '{Content}', keywords: 'o',
    kwarray: 'a', inventorypartnerdomain: 'o',
  },
  App: {
    ...named, ...taxonomy, bundle: 'o', storeurl: 'o', sectioncat: 'a', pagecat: 'a', ver: 'o',
    privacypolicy: 'p', paid: 'o', publisher: '{Publisher}', content: '{Content}', keywords: 'o',
    kwarray: 'a', inventorypartnerdomain: 'o',
  },
  DOOH: {
    ...named, venuetype: 'a', venuetypetax: 'p', publisher: '{Publisher}', keywords: 'o',
    content: '{Content}',
  },
  Publisher: { ...named, ...taxonomy },
  Producer: { ...named, ...taxonomy },
  Network: named,
  Channel: named,
  Content: {
    id: 'o', episode: 'o', title: 'o', series: 'o', season: 'o', artist: 'o', genre: 'o',
    gtax: 'o', genres: 'a', album: 'o', isrc: 'o', producer: '{Producer}', url: 'o', ...taxonomy,
    prodq: 'p', videoquality: 'p', context: 'o', contentrating: 'o', userrating: 'o',
    qagmediarating: 'o', keywords: 'o', kwarray: 'a', livestream: 'p', sourcerelationship: 'p',
    len: 'o', language: 'o', langb: 'o', embeddable: 'p', data: '[Data]', network: '{Network}',
    channel: '{Channel}', ext: 'x',
  },
  Data: { id: 'o', name: 'o', segment: '[Segment]', ext: 'x' },
  Segment: { id: 'o', name: 'o', value: 'o', ext: 'x' },
  Device: {
    geo: '{Geo}', dnt: 'p', lmt: 'p', ua: 'o', sua: '{UserAgent}', ip: 'o', ipv6: 'o',
    devicetype: 'o', make: 'o', model: 'o', os: 'o', osv: 'o', hwv: 'o', h: 'o', w: 'o', ppi: 'o',
    pxratio: 'o', js: 'o', geofetch: 'o', flashver: 'o', language: 'o', langb: 'o', carrier: 'o',
    mccmnc: 'o', connectiontype: 'p', ifa: 'o', didsha1: 'o', didmd5: 'o', dpidsha1: 'o',
    dpidmd5: 'o', macsha1: 'o', macmd5: 'o', ext: 'x',
  },
  UserAgent: {
    browsers: '[BrandVersion]', platform: '{BrandVersion}', mobile: 'p', architecture: 'o',
    bitness: 'o', model: 'o', source: 'o', ext: 'x',
  },
  BrandVersion: { brand: 'S', version: 'a', ext: 'x' },
  Geo: {
    lat: 'p', lon: 'p', type: 'o', accuracy: 'o', lastfix: 'o', ipservice: 'o', country: 'o',
    region: 'o', regionfips104: 'o', metro: 'o', city: 'o', zip: 'o', utcoffset: 'o', ext: 'x',
  },
  User: {
    id: 'o', buyeruid: 'o', yob: 'o', gender: 'o', keywords: 'o', kwarray: 'a', customdata: 'o',
    geo: '{Geo}', data: '[Data]', consent: 'o', eids: '[EID]', ext: 'x',
  },
  EID: { inserter: 'o', source: 'o', matcher: 'o', mm: 'o', uids: '[UID]', ext: 'x' },
  UID: { id: 'o', atype: 'o', ext: 'x' },
  BidResponse: {
    id: 'S', seatbid: '[SeatBid]', bidid: 'o', cur: 'o', customdata: 'o', nbr: 'p', ext: 'x',
  },
  SeatBid: { bid: '[Bid]!', seat: 'o', group: 'o', ext: 'x' },
  Bid: {
    id: 'S', impid: 'S', price: 'N', nurl: 'o', burl: 'o', lurl: 'o', adm: 'o', adid: 'o',
    adomain: 'a', bundle: 'o', iurl: 'o', cid: 'o', crid: 'o', tactic: 'o', cattax: 'o', cat: 'a',
    attr: 'a', apis: 'a', api: 'o', protocol: 'o', qagmediarating: 'o', language: 'o', langb: 'o',
    dealid: 'o', w: 'o', h: 'o', wratio: 'o', hratio: 'o', exp: 'o', dur: 'o', mtype: 'o',
    slotinpod: 'o', ext: 'x',
  },
};
/* eslint-enable no-restricted-syntax */
