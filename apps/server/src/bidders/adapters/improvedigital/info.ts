// Improve Digital bidder info (endpoint, GVL id, capabilities, user sync), from Azerion's published
// facts. `{PublisherId}` in the endpoint is a plain placeholder the adapter fills.
import type { BidderInfo } from '../../info.js';

const SYNC_QUERY =
  'gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}' +
  '&r={{redirect_url}}';

export const info: BidderInfo = {
  endpoint: 'https://ad.360yield.com/{PublisherId}pbs',
  enabled: true,
  maintainer: { email: 'hb@azerion.com' },
  gvlVendorId: 253,
  endpointCompression: 'gzip',
  capabilities: { site: ['banner', 'video', 'audio', 'native'], app: ['banner', 'video', 'audio', 'native'] },
  userSync: {
    iframe: { url: `https://ad.360yield.com/user_sync?rt=html&${SYNC_QUERY}`, userMacro: '{PUB_USER_ID}' },
    redirect: { url: `https://ad.360yield.com/server_match?${SYNC_QUERY}`, userMacro: '{PUB_USER_ID}' },
  },
};
