// VIS.X bidder info (endpoint, GVL id, capabilities, user sync), from YOC's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://t.visx.net/s2s_bid?wrapperType=s2s_prebid_standard:0.1.2',
  enabled: true,
  maintainer: { email: 'supply.partners@yoc.com' },
  gvlVendorId: 154,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  userSync: {
    redirect: {
      url:
        'https://t.visx.net/s2s_sync?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&redir={{redirect_url}}',
      userMacro: '${UUID}',
    },
  },
};
