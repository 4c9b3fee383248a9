// Index Exchange protected-audience configs: response ext.protectedAudienceAuctionConfigs
// [{bidId, config}] become the bidder response's fledge auction configs [{impid, config}].
import type { BidderError } from '../../types.js';

export function readAuctionConfigs(
  ext: Record<string, unknown> | undefined,
): { value: { fledgeAuctionConfigs?: unknown[] } } | { error: BidderError } {
  const list = ext?.protectedAudienceAuctionConfigs;
  if (!Array.isArray(list) || list.length === 0) return { value: {} };
  const configs: unknown[] = [];
  for (const entry of list as { bidId?: unknown; config?: unknown }[]) {
    if (entry.bidId !== undefined && entry.bidId !== null && typeof entry.bidId !== 'string') {
      const found = JSON.stringify(entry.bidId).charAt(0);
      return {
        error: {
          code: 3,
          message: `cannot unmarshal ix.auctionConfig.BidId: expects " or n, but found ${found}`,
        },
      };
    }
    // Entries without a config are left out.
    if (entry.config !== undefined && entry.config !== null)
      configs.push({ impid: entry.bidId ?? '', config: entry.config });
  }
  return { value: { fledgeAuctionConfigs: configs } };
}
