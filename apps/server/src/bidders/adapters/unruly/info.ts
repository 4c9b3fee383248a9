// Unruly bidder info: endpoint, GVL id, capabilities and user sync, from Unruly's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://targeting.unrulymedia.com/unruly_prebid_server',
  enabled: true,
  maintainer: {
    email: 'prebidsupport@unrulygroup.com',
  },
  gvlVendorId: 36,
  geoscope: ['global'],
  gppSupported: true,
  capabilities: {
    site: ['banner', 'video'],
    app: ['banner', 'video'],
  },
  userSync: {
    redirect: {
      url: 'https://sync.1rx.io/usersync2/rmphb?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&redir={{redirect_url}}',
      userMacro: '[RX_UUID]',
    },
  },
  openrtbVersion: '2.6',
};
