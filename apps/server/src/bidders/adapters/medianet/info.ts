// Media.net bidder info (endpoint, GVL id, capabilities, user sync), from Media.net's published facts.
// extraInfo is the source URL Media.net wants reported with each call (`src` query parameter).
import type { BidderInfo } from '../../info.js';

export const info: BidderInfo = {
  endpoint: 'https://prebid-adapter.media.net/rtb/pb/prebids2s',
  enabled: true,
  extraInfo: 'https://medianet.golang.pbs.com',
  maintainer: { email: 'prebid-support@media.net' },
  gvlVendorId: 142,
  endpointCompression: 'gzip',
  capabilities: { site: ['banner', 'video', 'native'], app: ['banner', 'video', 'native'] },
  modifyingVastXmlAllowed: true,
  openrtbVersion: '2.6',
  userSync: {
    iframe: {
      url:
        'https://hbx.media.net/checksync.php?cid=8CUEHS6F9&cs=87&type=mpbc&cv=37&vsSync=1' +
        '&uspstring={{us_privacy}}&gdpr={{gdpr}}&gdprstring={{gdpr_consent}}&gpp={{gpp}}' +
        '&gpp_sid={{gpp_sid}}&redirect={{redirect_url}}',
      userMacro: '<vsid>',
    },
    redirect: {
      url:
        'https://cs.media.net/cksync.php?cs=1&type=pbs&ovsid=setstatuscode&bidder=medianet' +
        '&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}' +
        '&redirect={{redirect_url}}&gpp={{gpp}}&gpp_sid={{gpp_sid}}',
      userMacro: '<vsid>',
    },
  },
};
