// Adnuntius bidder info (endpoint, GVL id, capabilities). Its extra info is the endpoint used when
// the request says whether GDPR applies (the European delivery host).
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://ads.adnuntius.delivery/i',
  enabled: true,
  maintainer: { email: 'hello@adnuntius.com' },
  gvlVendorId: 855,
  capabilities: { site: ['banner', 'native'], app: ['banner', 'native'] },
  extraInfo: 'https://europe.delivery.adnuntius.com/i',
};
