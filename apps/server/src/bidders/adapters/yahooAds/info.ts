// Yahoo Ads bidder info, and its hard aliases yahooAdvertising and yahoossp. User sync exists but each
// host must have it configured with Yahoo first, so no sync URL is declared.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://s2shb.ssp.yahoo.com/admax/bid/partners/PBS',
  enabled: true,
  maintainer: { email: 'prebid-tech-team@yahooinc.com' },
  gvlVendorId: 25,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  openrtbVersion: '2.6',
  userSync: { preferred: 'redirect' },
};

export const yahooAdvertisingInfo: BidderInfo = {
  endpoint: info.endpoint,
  enabled: true,
  maintainer: info.maintainer,
  gvlVendorId: 25,
  capabilities: info.capabilities,
  aliasOf: 'yahooAds',
  openrtbVersion: '2.6',
  userSync: { preferred: 'redirect' },
};

export const yahoosspInfo: BidderInfo = {
  endpoint: info.endpoint,
  enabled: true,
  maintainer: { email: 'hb-fe-tech@oath.com' },
  gvlVendorId: 25,
  capabilities: info.capabilities,
  aliasOf: 'yahooAds',
  openrtbVersion: '2.6',
  userSync: { preferred: 'redirect' },
};
