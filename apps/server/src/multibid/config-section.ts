// Host default for multibid (G: `account_defaults.default_bid_limit`). Proposed as a key of
// `settings.default-account`; the account document's key is `default_bid_limit` (G's account JSON).
import { Type } from '@sinclair/typebox';

export const multibidSection = {
  'default-bid-limit': Type.Integer({
    minimum: 0,
    default: 0,
    description:
      'Most bids kept per bidder and imp when targeting is on (best first); 0 = no limit (G). Extra bids get targeting only through ext.multibid',
  }),
};
