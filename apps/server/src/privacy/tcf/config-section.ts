// Host config of TCF v2 enforcement: `privacy.gdpr.tcf2.*` (G config.go `gdpr.tcf2.*` with its
// defaults; `basic-enforcement-vendors` is G's `account_defaults.gdpr.basic_enforcement_vendors`).
// Accounts override any key in their `gdpr` block (snake_case, resolveTcfConfig).
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { section } from '@gavel/common';

const names = (description: string) =>
  Type.Array(Type.String({ minLength: 1 }), { default: [], description });

const purpose = (n: number, what: string) =>
  section(
    {
      'enforce-algo': Type.Union([Type.Literal('full'), Type.Literal('basic')], {
        default: 'full',
        description:
          'full: the vendor must declare the purpose in the vendor list and have the user signals; basic: the user signals only',
      }),
      'enforce-purpose': Type.Boolean({
        default: true,
        description: `Require the user's consent (or legitimate interest) for purpose ${n}`,
      }),
      'enforce-vendors': Type.Boolean({
        default: true,
        description: `Require the vendor's consent (or legitimate interest) for purpose ${n}`,
      }),
      'vendor-exceptions': names(
        `Bidder codes exempt from purpose ${n} checks (a publisher "not allowed" restriction still applies)`,
      ),
    },
    `Purpose ${n}: ${what}`,
  );

const PURPOSES = [
  'store and access information on a device (user sync; purpose-one-treatment)',
  'select basic ads (a bidder without it is not called)',
  'create a personalised ads profile',
  'select personalised ads',
  'create a personalised content profile',
  'select personalised content',
  'measure ad performance',
  'measure content performance',
  'apply market research',
  'develop and improve products',
] as const;

export const tcf2Schema = section(
  {
    enabled: Type.Boolean({
      default: true,
      description: 'TCF v2 enforcement on; accounts may switch it per channel (gdpr.channel_enabled)',
    }),
    purpose1: purpose(1, PURPOSES[0]),
    purpose2: purpose(2, PURPOSES[1]),
    purpose3: purpose(3, PURPOSES[2]),
    purpose4: purpose(4, PURPOSES[3]),
    purpose5: purpose(5, PURPOSES[4]),
    purpose6: purpose(6, PURPOSES[5]),
    purpose7: purpose(7, PURPOSES[6]),
    purpose8: purpose(8, PURPOSES[7]),
    purpose9: purpose(9, PURPOSES[8]),
    purpose10: purpose(10, PURPOSES[9]),
    'purpose-one-treatment': section(
      {
        enabled: Type.Boolean({
          default: true,
          description: 'Honour the purposeOneTreatment flag of a consent string (purpose 1 not disclosed)',
        }),
        'access-allowed': Type.Boolean({
          default: true,
          description: 'With the flag set: whether user syncs (purpose 1) are allowed',
        }),
      },
      'Purpose one treatment',
    ),
    'special-feature1': section(
      {
        enforce: Type.Boolean({
          default: true,
          description:
            'Precise geo and full IPs only for vendors that declare special feature 1 and have the opt-in',
        }),
        'vendor-exceptions': names('Bidder codes that always receive precise geo'),
      },
      'Special feature 1 (precise geolocation)',
    ),
    'basic-enforcement-vendors': names(
      'Bidder codes whose purposes 2–10 use the basic algorithm and need no vendor signal (accounts without their own list)',
    ),
  },
  'TCF v2 enforcement per purpose (host defaults of the account gdpr block)',
);

export const tcf2Section = {
  privacy: section({ gdpr: section({ tcf2: tcf2Schema }, 'GDPR') }, 'Privacy'),
};

export type HostTcfConfig = Static<typeof tcf2Schema>;

/** The schema defaults (G's defaults), for callers and tests without a loaded config. */
export function defaultHostTcfConfig(): HostTcfConfig {
  return Value.Default(tcf2Schema, {}) as HostTcfConfig;
}
