// Equativ (formerly Smart AdServer) bidder info (endpoint, GVL id, capabilities, user sync), from
// Equativ's published facts; `equativ` is a hard alias.
import type { BidderInfo } from '../../info.js';
import { withProps } from '@gavel/common';

const ALL = ['banner', 'video', 'native', 'audio'] as const;

export const info: BidderInfo = {
  endpoint: 'https://ssb-global.smartadserver.com',
  enabled: true,
  maintainer: { email: 'supply-partner-integration@equativ.com' },
  gvlVendorId: 45,
  endpointCompression: 'gzip',
  geoscope: ['global'],
  gppSupported: true,
  capabilities: { site: [...ALL], app: [...ALL] },
  userSync: {
    redirect: {
      url:
        'https://ssbsync-global.smartadserver.com/api/sync?callerId=5&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&redirectUri={{redirect_url}}',
      userMacro: '[ssb_sync_pid]',
    },
  },
};

export const equativInfo: BidderInfo = withProps(info, { aliasOf: 'smartadserver', userSync: undefined });
