// Proposed schema of a `privacy.modules[]` entry for the US privacy module (J AccountUSNatModuleConfig),
// for the host default (kebab-case, like activities/config-section.ts) and accounts. The code is J's
// `iab.usgeneral`; `iab.usnat` is accepted as an alias for hosts that name it after the section.
import { Type } from '@sinclair/typebox';

export const US_GENERAL_MODULE_CODE = 'iab.usgeneral';
export const US_GENERAL_MODULE_ALIASES: readonly string[] = [US_GENERAL_MODULE_CODE, 'iab.usnat'];

export const usGeneralModuleSchema = Type.Object(
  {
    code: Type.Union([Type.Literal('iab.usgeneral'), Type.Literal('iab.usnat')]),
    enabled: Type.Boolean({ default: true }),
    'skip-rate': Type.Integer({
      minimum: 0,
      maximum: 100,
      default: 0,
      description: 'Percent of auctions in which the module abstains',
    }),
    config: Type.Optional(
      Type.Object(
        {
          'skip-sids': Type.Optional(
            Type.Array(Type.Integer({ minimum: 7, maximum: 12 }), {
              description: 'GPP section ids (7 national, 8 CA, 9 VA, 10 CO, 11 UT, 12 CT) the module ignores',
            }),
          ),
          'allow-personal-data-consent-2': Type.Optional(
            Type.Boolean({
              default: false,
              description:
                'PersonalDataConsents = 2 (consent) does not deny (J treats it as a deny by default)',
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: 'US privacy module: activities from the GPP US sections' },
);
