// The built-in bidders, one import per bidder folder (alphabetical). Hard aliases are separate
// entries whose info has `aliasOf`.
import type { BidderModule } from '../info.js';
import { bidder as thirtyThreeAcross } from './33across/index.js';
import { bidder as adf, adform } from './adf/index.js';
import { bidder as adnuntius } from './adnuntius/index.js';
import { bidder as adyoulike } from './adyoulike/index.js';
import { bidder as amx } from './amx/index.js';
import { bidder as appnexus } from './appnexus/index.js';
import { bidder as beachfront } from './beachfront/index.js';
import { bidder as bidmachine } from './bidmachine/index.js';
import { bidder as cadentApertureMx, emxDigital } from './cadent_aperture_mx/index.js';
import { bidder as connatix } from './connatix/index.js';
import { bidder as audienceNetwork } from './audienceNetwork/index.js';
import { bidder as conversant, epsilon } from './conversant/index.js';
import { bidder as consumable } from './consumable/index.js';
import { bidder as criteo } from './criteo/index.js';
import { bidder as deepintent } from './deepintent/index.js';
import { bidder as eplanning } from './eplanning/index.js';
import { bidder as freewheelssp, freewheelSsp } from './freewheelssp/index.js';
import { bidder as grid } from './grid/index.js';
import { bidder as gumgum } from './gumgum/index.js';
import { bidder as imds, synacormedia } from './imds/index.js';
import { bidder as improvedigital } from './improvedigital/index.js';
import { bidder as inmobi } from './inmobi/index.js';
import { bidder as insticator } from './insticator/index.js';
import { bidder as ix } from './ix/index.js';
import { bidder as kargo } from './kargo/index.js';
import { bidder as kueezrtb } from './kueezrtb/index.js';
import { bidder as medianet } from './medianet/index.js';
import { bidder as mgid } from './mgid/index.js';
import { bidder as minutemedia } from './minutemedia/index.js';
import { bidder as missena } from './missena/index.js';
import { bidder as mobilefuse } from './mobilefuse/index.js';
import { bidder as nativo } from './nativo/index.js';
import { bidder as nextmillennium } from './nextmillennium/index.js';
import { bidder as ogury } from './ogury/index.js';
import { bidder as onetag } from './onetag/index.js';
import { bidder as openweb } from './openweb/index.js';
import { bidder as openx } from './openx/index.js';
import { bidder as outbrain } from './outbrain/index.js';
import { bidder as pangle } from './pangle/index.js';
import { bidder as pubmatic } from './pubmatic/index.js';
import { bidder as pulsepoint } from './pulsepoint/index.js';
import { bidder as richaudience } from './richaudience/index.js';
import { bidder as rise } from './rise/index.js';
import { bidder as rtbhouse } from './rtbhouse/index.js';
import { bidder as rubicon, magnite } from './rubicon/index.js';
import { bidder as seedtag } from './seedtag/index.js';
import { bidder as sharethrough } from './sharethrough/index.js';
import { bidder as showheroes, showheroesBs, showheroesBsDash } from './showheroes/index.js';
import { bidder as smaato } from './smaato/index.js';
import { bidder as smartadserver, equativ } from './smartadserver/index.js';
import { bidder as smilewanted } from './smilewanted/index.js';
import { bidder as sonobi } from './sonobi/index.js';
import { bidder as sovrn } from './sovrn/index.js';
import { bidder as sspBC } from './sspBC/index.js';
import { bidder as taboola } from './taboola/index.js';
import { bidder as teads } from './teads/index.js';
import { bidder as teal } from './teal/index.js';
import { bidder as thetradedesk, ttd } from './thetradedesk/index.js';
import { bidder as triplelift } from './triplelift/index.js';
import { bidder as tripleliftNative } from './triplelift_native/index.js';
import { bidder as undertone } from './undertone/index.js';
import { bidder as unicorn } from './unicorn/index.js';
import { bidder as unruly } from './unruly/index.js';
import { bidder as vidazoo, adnimation, apester, omnidex, programmaticX, tagoras } from './vidazoo/index.js';
import { bidder as visx } from './visx/index.js';
import { bidder as vungle } from './vungle/index.js';
import { bidder as yahooAds, yahooAdvertising, yahoossp } from './yahooAds/index.js';
import { bidder as yieldlab } from './yieldlab/index.js';
import { bidder as yieldmo } from './yieldmo/index.js';
import { bidder as zetaGlobalSsp } from './zeta_global_ssp/index.js';

export const builtInBidders: BidderModule[] = [
  thirtyThreeAcross,
  adf,
  adform,
  amx,
  appnexus,
  conversant,
  epsilon,
  criteo,
  grid,
  gumgum,
  improvedigital,
  ix,
  kargo,
  medianet,
  onetag,
  openx,
  outbrain,
  pubmatic,
  richaudience,
  sharethrough,
  smaato,
  smartadserver,
  equativ,
  sonobi,
  sovrn,
  taboola,
  teads,
  thetradedesk,
  ttd,
  triplelift,
  unruly,
  kueezrtb,
  tripleliftNative,
  consumable,
  teal,
  insticator,
  audienceNetwork,
  vidazoo,
  adnimation,
  apester,
  omnidex,
  programmaticX,
  tagoras,
  yieldmo,
  rubicon,
  magnite,
  connatix,
  eplanning,
  mgid,
  minutemedia,
  rtbhouse,
  seedtag,
  smilewanted,
  undertone,
  pulsepoint,
  nativo,
  visx,
  sspBC,
  nextmillennium,
  ogury,
  cadentApertureMx,
  emxDigital,
  yieldlab,
  rise,
  inmobi,
  zetaGlobalSsp,
  vungle,
  deepintent,
  mobilefuse,
  pangle,
  bidmachine,
  showheroes,
  showheroesBsDash,
  showheroesBs,
  missena,
  unicorn,
  openweb,
  freewheelssp,
  freewheelSsp,
  imds,
  synacormedia,
  adyoulike,
  yahooAds,
  yahooAdvertising,
  yahoossp,
  adnuntius,
  beachfront,
];
