// Epsilon (formerly Conversant) bidder info (endpoint, GVL id, capabilities, user sync), from Epsilon's
// published facts; `epsilon` is the current name, a hard alias.
import type { BidderInfo } from '../../info.js';
import { withProps } from '@gavel/common';

const userSync = {
  redirect: {
    url:
      'https://prebid-match.dotomi.com/match/bounce/current?version=1&networkId=72582&gdpr={{gdpr}}' +
      '&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}&rurl={{redirect_url}}',
  },
};

export const info: BidderInfo = {
  endpoint: 'http://api.hb.ad.cpe.dotomi.com/cvx/server/hb/ortb',
  enabled: true,
  maintainer: { email: 'PublisherIntegration@epsilon.com' },
  gvlVendorId: 24,
  capabilities: { site: ['banner', 'video', 'audio', 'native'], app: ['banner', 'video', 'audio', 'native'] },
  openrtbVersion: '2.6',
  userSync,
};

export const epsilonInfo: BidderInfo = withProps(info, {
  aliasOf: 'conversant',
  userSync: withProps(userSync, { key: 'epsilon' }),
});
