// Beachfront bidder info (endpoints, GVL id, capabilities, user sync). Banner goes to the endpoint;
// video to the extra info's `video_endpoint` (its exchange id query key completed with the app id).
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://display.bfmio.com/prebid_display',
  enabled: true,
  maintainer: { email: 'prebid@beachfront.com' },
  gvlVendorId: 335,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  extraInfo: { video_endpoint: 'https://reachms.bfmio.com/bid.json?exchange_id' },
  userSync: {
    iframe: {
      url: 'https://sync.bfmio.com/sync_s2s?gdpr={{gdpr}}&us_privacy={{us_privacy}}&url={{redirect_url}}',
      userMacro: '[io_cid]',
    },
  },
};
