// Audience Network (Meta) bidder info, from Meta's published facts. Off by default: hosts enable it
// with their platform id and app secret (extraInfo) and configure its redirect user sync themselves.
import type { BidderInfo } from '../../info.js';

export interface AudienceNetworkExtraInfo {
  /** Partner platform id sent as request.ext.platformid. */
  platformId: string;
  /** Secret signing each call's request id (ext.authentication_id). */
  appSecret: string;
}

const extraInfo: AudienceNetworkExtraInfo = { platformId: '', appSecret: '' };

export const info: BidderInfo = {
  endpoint: 'https://an.facebook.com/placementbid.ortb',
  enabled: false,
  extraInfo,
  maintainer: { email: 'none' },
  capabilities: { app: ['banner', 'video', 'native'] },
  userSync: { preferred: 'redirect' },
};
