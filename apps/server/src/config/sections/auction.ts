// Auction behaviour: deadlines, blocked accounts/apps, account policy. Owned by the auction core.
import { section } from '@gavel/common';

export const auctionSection = {
  auction: section({}, 'Auction'),
};
