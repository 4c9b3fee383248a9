// Consumable bidder info (endpoint, GVL id, capabilities, user sync), from Consumable's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://e.serverbid.com',
  enabled: true,
  maintainer: { email: 'prebid@consumable.com' },
  gvlVendorId: 591,
  capabilities: { site: ['banner'], app: ['banner', 'video', 'audio'] },
  // Consumable appends the user id to the redirect URL itself: there is no user macro.
  userSync: {
    redirect: {
      url:
        'https://e.serverbid.com/udb/9969/match?gdpr={{gdpr}}&euconsent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&redir={{redirect_url}}',
    },
  },
};
