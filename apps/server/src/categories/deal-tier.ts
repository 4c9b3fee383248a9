// Deal tiers in hb_pb_cat_dur (upstream G exchange.updateHbPbCatDur, run by applyDealSupport when
// `ext.<ns>.supportdeals`): a bid whose deal priority reaches its bidder's imp-level
// `dealTier.minDealTier` gets the price bucket part — everything up to the first `_` — replaced by
// `<prefix><dealPriority>_`.

export interface DealTier {
  prefix: string;
  minDealTier: number;
}

/** The tier-prefixed value, or undefined when the bid's priority does not satisfy the tier. */
export function dealTierCatDur(catDur: string, tier: DealTier, dealPriority: number): string | undefined {
  if (dealPriority < tier.minDealTier) return undefined;
  const cut = catDur.indexOf('_');
  const rest = cut === -1 ? '' : catDur.slice(cut + 1);
  return `${tier.prefix}${dealPriority}_${rest}`;
}
