// The Trade Desk bidder info (endpoint, GVL id, capabilities), from The Trade Desk's published facts;
// `{{.SupplyId}}` is the supply source (imp params, else this bidder's extra info). `ttd` is a hard alias.
import type { BidderInfo } from '../../info.js';
import { withProps } from '@gavel/common';

const ALL = ['banner', 'video', 'native', 'audio'] as const;

export const info: BidderInfo = {
  endpoint: 'https://direct.adsrvr.org/bid/bidder/{{.SupplyId}}',
  enabled: true,
  maintainer: { email: 'Prebid-Maintainers@thetradedesk.com' },
  gvlVendorId: 21,
  gppSupported: true,
  capabilities: { site: [...ALL], app: [...ALL] },
  openrtbVersion: '2.6',
};

export const ttdInfo: BidderInfo = withProps(info, { aliasOf: 'thetradedesk' });
