// Adf (Adform) bidder info (endpoint, GVL id, capabilities, user sync), from Adform's published facts.
import type { BidderInfo } from '../../info.js';
import { withProps } from '@gavel/common';

const userSync = {
  redirect: { url: 'https://c1.adform.net/cookie?redirect_url={{redirect_url}}', userMacro: '$UID' },
};

export const info: BidderInfo = {
  endpoint: 'https://adx.adform.net/adx/openrtb',
  enabled: true,
  maintainer: { email: 'scope.sspp@adform.com' },
  gvlVendorId: 50,
  geoscope: ['global'],
  capabilities: { site: ['banner', 'native', 'video'], app: ['banner', 'native', 'video'] },
  userSync,
};

/** `adform`: the historical name, a hard alias of adf. */
export const adformInfo: BidderInfo = withProps(info, {
  aliasOf: 'adf',
  userSync: withProps(userSync, { key: 'adform' }),
});
