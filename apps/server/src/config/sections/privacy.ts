// Privacy enforcement settings (contract "Auction request" privacy signals; notes §19). Defaults are
// the private choice where G and J differ (docs/decisions.md "Privacy enforcement").
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';

export const privacySection = {
  privacy: section(
    {
      gdpr: section(
        {
          enabled: Type.Boolean({
            default: true,
            description: 'Enforce GDPR (TCF v2) for requests in GDPR scope; false ignores the GDPR signals',
          }),
          'default-value': Type.Union([Type.Literal('0'), Type.Literal('1')], {
            default: '0',
            description:
              'Whether GDPR applies when the request says nothing (regs.gdpr / regs.ext.gdpr absent)',
          }),
          'host-vendor-id': Type.Integer({
            minimum: 0,
            default: 0,
            description: "The host's GVL vendor id (purpose 1 checks for cookies); 0 = none",
          }),
          'enforce-purpose2': Type.Boolean({
            default: true,
            description: 'A bidder without purpose 2 (select basic ads) for its vendor id is not called',
          }),
          'enforce-special-feature1': Type.Boolean({
            default: true,
            description: 'Without special feature 1 (precise geolocation) the IP is masked and geo rounded',
          }),
        },
        'GDPR / TCF v2',
      ),
      ccpa: section(
        {
          enforce: Type.Boolean({
            default: true,
            description: 'Scrub user data for bidders when us_privacy opts out of sale (3rd character Y)',
          }),
        },
        'CCPA / US privacy',
      ),
      lmt: section(
        {
          enforce: Type.Boolean({
            default: true,
            description: 'Scrub user data when device.lmt is 1 (limit ad tracking)',
          }),
        },
        'Limit ad tracking',
      ),
      'ipv4-keep-bits': Type.Integer({
        minimum: 0,
        maximum: 32,
        default: 24,
        description: 'Leading IPv4 bits kept when an IP is masked',
      }),
      'ipv6-keep-bits': Type.Integer({
        minimum: 0,
        maximum: 128,
        default: 56,
        description: 'Leading IPv6 bits kept when an IP is masked',
      }),
    },
    'Privacy enforcement (GDPR, CCPA, COPPA, LMT)',
  ),
};
