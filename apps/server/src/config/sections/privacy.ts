// Privacy enforcement settings (contract "Auction request" privacy signals; notes §19). Defaults are
// the private choice where G and J differ (docs/decisions.md "Privacy enforcement").
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';
import { vendorListSchema } from '../../privacy/gvl/config-section.js';
import { tcf2Schema } from '../../privacy/tcf/config-section.js';

/** G's default `gdpr.eea_countries`: EU/EEA members, their outermost regions, UK and Crown dependencies. */
export const EEA_COUNTRIES = [
  'ALA',
  'AUT',
  'BEL',
  'BGR',
  'HRV',
  'CYP',
  'CZE',
  'DNK',
  'EST',
  'FIN',
  'FRA',
  'GUF',
  'DEU',
  'GIB',
  'GRC',
  'GLP',
  'GGY',
  'HUN',
  'ISL',
  'IRL',
  'IMN',
  'ITA',
  'JEY',
  'LVA',
  'LIE',
  'LTU',
  'LUX',
  'MLT',
  'MTQ',
  'MYT',
  'NLD',
  'NOR',
  'POL',
  'PRT',
  'REU',
  'ROU',
  'BLM',
  'MAF',
  'SPM',
  'SVK',
  'SVN',
  'ESP',
  'SWE',
  'GBR',
];

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
          'eea-countries': Type.Array(Type.String({ pattern: '^[A-Z]{3}$' }), {
            default: EEA_COUNTRIES,
            description:
              'ISO alpha-3 countries where GDPR applies when the request has no GDPR flag (device.geo/user.geo country); another well-formed country means it does not',
          }),
          'host-vendor-id': Type.Integer({
            minimum: 0,
            default: 0,
            description: "The host's GVL vendor id (purpose 1 checks for cookies); 0 = none",
          }),
          'vendorlist-wait-ms': Type.Integer({
            minimum: 0,
            default: 50,
            description:
              'How long an auction waits for a vendor list version not yet loaded (its fetch goes on); meanwhile the fallback list, else the consent string alone, decides',
          }),
          vendorlist: vendorListSchema,
          tcf2: tcf2Schema,
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
