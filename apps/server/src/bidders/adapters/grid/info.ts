// TheMediaGrid bidder info (endpoint, GVL id, capabilities, user sync), from Grid's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://grid.bidswitch.net/sp_bid?sp=prebid',
  enabled: true,
  maintainer: { email: 'grid-tech@themediagrid.com' },
  gvlVendorId: 686,
  capabilities: { site: ['banner', 'video', 'native'], app: ['banner', 'video', 'native'] },
  userSync: {
    redirect: {
      url:
        'https://x.bidswitch.net/check_uuid/{{redirect_url}}?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&gpp={{gpp}}&gpp_sid={{gpp_sid}}&us_privacy={{us_privacy}}',
      userMacro: '${BSW_UUID}',
    },
  },
};
