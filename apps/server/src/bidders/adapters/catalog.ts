// The built-in bidders, one import per bidder folder (alphabetical). Hard aliases are separate
// entries whose info has `aliasOf`.
import type { BidderModule } from '../info.js';
import { bidder as thirtyThreeAcross } from './33across/index.js';
import { bidder as adf, adform } from './adf/index.js';
import { bidder as amx } from './amx/index.js';
import { bidder as appnexus } from './appnexus/index.js';
import { bidder as conversant, epsilon } from './conversant/index.js';
import { bidder as criteo } from './criteo/index.js';
import { bidder as grid } from './grid/index.js';
import { bidder as gumgum } from './gumgum/index.js';
import { bidder as improvedigital } from './improvedigital/index.js';
import { bidder as ix } from './ix/index.js';
import { bidder as kargo } from './kargo/index.js';
import { bidder as medianet } from './medianet/index.js';
import { bidder as onetag } from './onetag/index.js';
import { bidder as openx } from './openx/index.js';
import { bidder as outbrain } from './outbrain/index.js';
import { bidder as pubmatic } from './pubmatic/index.js';
import { bidder as richaudience } from './richaudience/index.js';
import { bidder as rubicon, magnite } from './rubicon/index.js';
import { bidder as sharethrough } from './sharethrough/index.js';
import { bidder as smaato } from './smaato/index.js';
import { bidder as smartadserver, equativ } from './smartadserver/index.js';
import { bidder as sonobi } from './sonobi/index.js';
import { bidder as sovrn } from './sovrn/index.js';
import { bidder as taboola } from './taboola/index.js';
import { bidder as teads } from './teads/index.js';
import { bidder as thetradedesk, ttd } from './thetradedesk/index.js';
import { bidder as triplelift } from './triplelift/index.js';
import { bidder as unruly } from './unruly/index.js';
import { bidder as yieldmo } from './yieldmo/index.js';

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
  yieldmo,
  rubicon,
  magnite,
];
