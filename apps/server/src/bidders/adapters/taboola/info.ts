// Taboola bidder info (endpoint, GVL id, capabilities, user sync), from Taboola's published facts.
// `{{.MediaType}}` is display or native, `{{.GvlID}}` the host's GVL id, `{{.PublisherID}}` the publisher.
import type { BidderInfo } from '../../info.js';

const SYNC_QUERY =
  'gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}' +
  '&redirect={{redirect_url}}';

export const info: BidderInfo = {
  endpoint:
    'https://{{.MediaType}}.bidder.taboola.com/OpenRTB/PS/auction?exchange={{.GvlID}}&publisher={{.PublisherID}}',
  enabled: true,
  maintainer: { email: 'ps-team@taboola.com' },
  gvlVendorId: 42,
  capabilities: { site: ['banner', 'native'], app: ['banner', 'native'] },
  userSync: {
    redirect: { url: `https://trc.taboola.com/sg/ps/1/cm?${SYNC_QUERY}`, userMacro: '<TUID>' },
    iframe: { url: `https://cdn.taboola.com/scripts/ps-sync.html?${SYNC_QUERY}`, userMacro: '<TUID>' },
  },
};
