// Cadent Aperture MX bidder info (endpoint, GVL id, capabilities, user sync), from Cadent's published facts.
import type { BidderInfo } from '../../info.js';
import { withProps } from '@gavel/common';

export const info: BidderInfo = {
  endpoint: 'https://hb.emxdgt.com',
  enabled: true,
  maintainer: { email: 'contactaperturemx@cadent.tv' },
  gvlVendorId: 183,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  userSync: {
    iframe: {
      url:
        'https://cs.emxdgt.com/um?ssp=pbs&gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}' +
        '&us_privacy={{us_privacy}}&redirect={{redirect_url}}',
      userMacro: '$UID',
    },
  },
};

/** `emx_digital`: the bidder's former code, still served by the same adapter (same facts). */
export const emxDigitalInfo: BidderInfo = withProps(info, { aliasOf: 'cadent_aperture_mx' });
