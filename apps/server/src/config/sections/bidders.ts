// Host bidder settings: built-in overrides and host-declared generic bidders. Owned by the bidder framework.
import { section } from '@gavel/common';

export const biddersSection = {
  bidders: section({}, 'Bidders'),
};
