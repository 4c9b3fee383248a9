// iMedia Digital Services (IMDS) bidder info, and its deprecated hard alias synacormedia.
import type { BidderInfo } from '../../info.js';

const SYNC_QUERY =
  'gdpr={{gdpr}}&consent={{gdpr_consent}}&us_privacy={{us_privacy}}&gpp={{gpp}}&gppsid={{gpp_sid}}' +
  '&cb={{redirect_url}}';

const userSync: BidderInfo['userSync'] = {
  iframe: {
    url: `https://ad-cdn.technoratimedia.com/html/usersync.html?${SYNC_QUERY}`,
    userMacro: '[USER_ID]',
  },
  redirect: { url: `https://sync.technoratimedia.com/services?srv=cs&${SYNC_QUERY}`, userMacro: '[USER_ID]' },
};

const ENDPOINT = 'https://pbs.technoratimedia.com/openrtb/bids/{{.AccountID}}?src={{.SourceId}}&adapter=';

export const info: BidderInfo = {
  endpoint: `${ENDPOINT}imds`,
  enabled: true,
  maintainer: { email: 'eng-demand@imds.tv' },
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  geoscope: ['USA', 'CAN'],
  gppSupported: true,
  userSync,
};

export const synacormediaInfo: BidderInfo = {
  endpoint: `${ENDPOINT}synacormedia`,
  enabled: true,
  maintainer: info.maintainer,
  capabilities: info.capabilities,
  aliasOf: 'imds',
  geoscope: ['USA', 'CAN'],
  gppSupported: true,
  userSync,
};
