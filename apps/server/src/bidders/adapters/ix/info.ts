// Index Exchange bidder info (endpoint, GVL id, capabilities, user sync), from Index's published facts.
// Index gives each host its own endpoint, so the bidder ships disabled until a host configures one.
import type { BidderInfo } from '../../info.js';

const consent =
  'gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&gpp={{gpp}}&gppsid={{gpp_sid}}';

export const info: BidderInfo = {
  endpoint: '',
  enabled: false,
  maintainer: { email: 'pdu-supply-prebid@indexexchange.com' },
  gvlVendorId: 10,
  gppSupported: true,
  capabilities: {
    site: ['banner', 'video', 'native', 'audio'],
    app: ['banner', 'video', 'native', 'audio'],
  },
  openrtbVersion: '2.6',
  userSync: {
    redirect: { url: `https://ssum.casalemedia.com/usermatchredir?s=194962&${consent}&cb={{redirect_url}}` },
    iframe: { url: `https://ssum-sec.casalemedia.com/usermatch?s=184674&${consent}&cb={{redirect_url}}` },
  },
};
