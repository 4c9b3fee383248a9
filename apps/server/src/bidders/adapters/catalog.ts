// The built-in bidders, one import per bidder folder (alphabetical). Hard aliases are separate
// entries whose info has `aliasOf`.
import type { BidderModule } from '../info.js';
import { bidder as sovrn } from './sovrn/index.js';

export const builtInBidders: BidderModule[] = [sovrn];
