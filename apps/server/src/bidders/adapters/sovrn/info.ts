// Sovrn bidder info (endpoint, GVL id, capabilities, user sync), from Sovrn's published facts.
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'http://pbs.lijit.com/rtb/bid?src=prebid_server',
  enabled: true,
  maintainer: { email: 'sovrnoss@sovrn.com' },
  gvlVendorId: 13,
  endpointCompression: 'gzip',
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  modifyingVastXmlAllowed: true,
  userSync: {
    redirect: { url: 'https://ap.lijit.com/pixel?redir={{redirect_url}}', userMacro: '$UID' },
    iframe: {
      url:
        'https://ap.lijit.com/beacon/prebid-server/?gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&url={{redirect_url}}',
      userMacro: '$UID',
    },
  },
};
