// OneTag bidder info: endpoint, GVL id, capabilities and user sync, from OneTag's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://prebid-server.onetag-sys.com/prebid-server/{{.PublisherID}}',
  enabled: true,
  maintainer: {
    email: 'devops@onetag.com',
  },
  gvlVendorId: 241,
  endpointCompression: 'gzip',
  capabilities: {
    site: ['banner', 'video', 'native'],
    app: ['banner', 'video', 'native'],
  },
  userSync: {
    iframe: {
      url: 'https://onetag-sys.com/usync/?redir={{redirect_url}}&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}',
      userMacro: '${USER_TOKEN}',
    },
    redirect: {
      url: 'https://onetag-sys.com/usync/?tag=img&redir={{redirect_url}}&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}',
      userMacro: '${USER_TOKEN}',
    },
  },
  openrtbVersion: '2.6',
};
