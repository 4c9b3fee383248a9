// Whether the server may modify a bidder's VAST (notes §6, §11): known bidders need an enabled
// entry with modifyingVastXmlAllowed (absent = false, G); unknown ones follow the host option.
import type { BidderRegistry } from '../bidders/registry.js';

export function bidderAllowsVastModification(
  registry: BidderRegistry,
  bidder: string,
  allowUnknownBidder: boolean,
): boolean {
  const entry = registry.lookup(bidder);
  if (!entry) return allowUnknownBidder;
  return entry.info.enabled && entry.info.modifyingVastXmlAllowed === true;
}
