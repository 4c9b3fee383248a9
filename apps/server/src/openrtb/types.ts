// OpenRTB 2.5 wire types (with the 2.6 fields we tolerate). Wire names are never renamed.
// Objects stay open (`[key: string]: unknown`): every field we don't process is passed through.

export type Ext = Record<string, unknown>;

export interface Format {
  w?: number;
  h?: number;
  wratio?: number;
  hratio?: number;
  wmin?: number;
  ext?: Ext;
  [key: string]: unknown;
}

export interface Banner {
  format?: Format[];
  w?: number;
  h?: number;
  pos?: number;
  ext?: Ext;
  [key: string]: unknown;
}

export interface Video {
  mimes?: string[];
  minduration?: number;
  maxduration?: number;
  protocols?: number[];
  w?: number;
  h?: number;
  placement?: number;
  plcmt?: number;
  ext?: Ext;
  [key: string]: unknown;
}

export interface Audio {
  mimes?: string[];
  ext?: Ext;
  [key: string]: unknown;
}

export interface Native {
  request?: string;
  ver?: string;
  ext?: Ext;
  [key: string]: unknown;
}

export interface Deal {
  id?: string;
  bidfloor?: number;
  [key: string]: unknown;
}

export interface Imp {
  id: string;
  banner?: Banner;
  video?: Video;
  audio?: Audio;
  native?: Native;
  pmp?: { private_auction?: number; deals?: Deal[]; [key: string]: unknown };
  tagid?: string;
  bidfloor?: number;
  bidfloorcur?: string;
  instl?: number;
  secure?: number;
  exp?: number;
  ext?: Ext;
  [key: string]: unknown;
}

export interface Publisher {
  id?: string;
  name?: string;
  domain?: string;
  ext?: Ext;
  [key: string]: unknown;
}

export interface Site {
  id?: string;
  page?: string;
  domain?: string;
  ref?: string;
  publisher?: Publisher;
  ext?: Ext;
  [key: string]: unknown;
}

export interface App {
  id?: string;
  bundle?: string;
  name?: string;
  domain?: string;
  storeurl?: string;
  publisher?: Publisher;
  ext?: Ext;
  [key: string]: unknown;
}

export interface Geo {
  lat?: number;
  lon?: number;
  country?: string;
  [key: string]: unknown;
}

export interface Device {
  ua?: string;
  ip?: string;
  ipv6?: string;
  w?: number;
  h?: number;
  lmt?: number;
  dnt?: number;
  ifa?: string;
  os?: string;
  devicetype?: number;
  geo?: Geo;
  ext?: Ext;
  [key: string]: unknown;
}

export interface User {
  id?: string;
  buyeruid?: string;
  yob?: number;
  gender?: string;
  keywords?: string;
  geo?: Geo;
  consent?: string;
  eids?: unknown[];
  ext?: Ext;
  [key: string]: unknown;
}

export interface Regs {
  coppa?: number;
  gdpr?: number;
  us_privacy?: string;
  ext?: Ext;
  [key: string]: unknown;
}

export interface Source {
  fd?: number;
  tid?: string;
  pchain?: string;
  schain?: unknown;
  ext?: Ext;
  [key: string]: unknown;
}

export interface Dooh {
  id?: string;
  name?: string;
  venuetype?: string[];
  venuetypetax?: number;
  publisher?: Publisher;
  domain?: string;
  keywords?: string;
  content?: Record<string, unknown>;
  ext?: Ext;
  [key: string]: unknown;
}

export interface BidRequest {
  id: string;
  imp: Imp[];
  site?: Site;
  app?: App;
  /** OpenRTB 2.6 digital out-of-home inventory (instead of site or app). */
  dooh?: Dooh;
  device?: Device;
  user?: User;
  test?: number;
  at?: number;
  tmax?: number;
  cur?: string[];
  bcat?: string[];
  badv?: string[];
  source?: Source;
  regs?: Regs;
  ext?: Ext;
  [key: string]: unknown;
}

export interface Bid {
  id: string;
  impid: string;
  price: number;
  nurl?: string;
  burl?: string;
  lurl?: string;
  adm?: string;
  adid?: string;
  adomain?: string[];
  iurl?: string;
  cid?: string;
  crid?: string;
  cat?: string[];
  attr?: number[];
  dealid?: string;
  w?: number;
  h?: number;
  exp?: number;
  dur?: number;
  mtype?: number;
  ext?: Ext;
  [key: string]: unknown;
}

export interface SeatBid {
  seat?: string;
  bid: Bid[];
  group?: number;
  ext?: Ext;
  [key: string]: unknown;
}

export interface BidResponse {
  id: string;
  seatbid?: SeatBid[];
  bidid?: string;
  cur?: string;
  nbr?: number;
  ext?: Ext;
  [key: string]: unknown;
}
