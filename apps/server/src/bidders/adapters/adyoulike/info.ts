// AdYouLike bidder info (endpoint, GVL id, capabilities, user sync), from AdYouLike's published facts.
import type { BidderInfo } from '../../info.js';

const VISITOR = 'https://visitor.omnitagjs.com/visitor';
const SYNC_QUERY =
  'uid=19340f4f097d16f41f34fc0274981ca4&name=PrebidServer&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
  '&us_privacy={{us_privacy}}&url={{redirect_url}}';

export const info: BidderInfo = {
  endpoint: 'https://hb-ss.omnitagjs.com/broker/bid?partnerId=19340f4f097d16f41f34fc0274981ca4',
  enabled: true,
  maintainer: { email: 'core@adyoulike.com' },
  gvlVendorId: 259,
  capabilities: { site: ['banner', 'video', 'native'] },
  modifyingVastXmlAllowed: true,
  userSync: {
    iframe: { url: `${VISITOR}/isync?${SYNC_QUERY}`, userMacro: '[BUYER_USERID]' },
    redirect: { url: `${VISITOR}/bsync?${SYNC_QUERY}`, userMacro: '[BUYER_USERID]' },
  },
};
