// The built-in bidders, one import per bidder folder (alphabetical). Hard aliases are separate
// entries whose info has `aliasOf`.
import type { BidderModule } from '../info.js';
import { bidder as thirtyThreeAcross } from './33across/index.js';
import { bidder as gumgum } from './gumgum/index.js';
import { bidder as ix } from './ix/index.js';
import { bidder as kargo } from './kargo/index.js';
import { bidder as medianet } from './medianet/index.js';
import { bidder as pubmatic } from './pubmatic/index.js';
import { bidder as rubicon, magnite } from './rubicon/index.js';
import { bidder as sovrn } from './sovrn/index.js';
import { bidder as triplelift } from './triplelift/index.js';

export const builtInBidders: BidderModule[] = [
  thirtyThreeAcross,
  gumgum,
  ix,
  kargo,
  magnite,
  medianet,
  pubmatic,
  rubicon,
  sovrn,
  triplelift,
];
