// Outbrain bidder info: endpoint, GVL id, capabilities and user sync, from Outbrain's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://prebidtest.zemanta.com/api/bidder/prebidtest/bid/',
  enabled: true,
  maintainer: {
    email: 'prog-ops-team@outbrain.com',
  },
  gvlVendorId: 164,
  capabilities: {
    site: ['banner', 'native', 'video'],
    app: ['banner', 'native', 'video'],
  },
  userSync: {
    redirect: {
      url: 'https://prebidtest.zemanta.com/usersync/prebidtest?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&cb={{redirect_url}}',
      userMacro: '__ZUID__',
    },
  },
};
