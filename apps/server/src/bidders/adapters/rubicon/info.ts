// Rubicon (Magnite) bidder info, from Magnite's published facts. Hosts need a Magnite XAPI login
// (extraInfo.xapi) and a regional endpoint before enabling it; user sync URLs are given per host.
import type { BidderInfo } from '../../info.js';
import { withProps } from '@gavel/common';

export interface RubiconExtraInfo {
  xapi: { username: string; password: string; tracker: string };
}

const extraInfo: RubiconExtraInfo = { xapi: { username: '', password: '', tracker: '' } };

export const info: BidderInfo = {
  endpoint: 'https://REGION.rubiconproject.com/a/api/exchange',
  enabled: false,
  extraInfo,
  maintainer: { email: 'header-bidding@rubiconproject.com' },
  gvlVendorId: 52,
  endpointCompression: 'gzip',
  geoscope: ['global'],
  gppSupported: true,
  capabilities: { site: ['banner', 'video', 'native'], app: ['banner', 'video', 'native'] },
  openrtbVersion: '2.6',
  userSync: { preferred: 'redirect' },
};

/** Magnite: the same exchange under its new name (hard alias). */
export const magniteInfo: BidderInfo = withProps(info, { aliasOf: 'rubicon' });
