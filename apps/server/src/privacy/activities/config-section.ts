// Proposed host config for the activity controls (G `account_defaults.privacy.allowactivities`; J
// `settings.default-account-config.privacy.allowactivities` / `.modules`): the default every account
// without its own `privacy.allowactivities` gets (an account's activity entries replace these per
// activity key). Read with parseActivitySettings({ allowactivities: cfg['allow-activities'], modules:
// cfg.modules }) — the parser takes kebab-case keys as well.
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';

const names = (what: string) =>
  Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description: `${what}; absent or empty = any` }));

const conditionRule = Type.Object(
  {
    condition: Type.Optional(
      Type.Object(
        {
          'component-name': names('Component names (bidder codes/aliases, module names), case-insensitive'),
          'component-type': Type.Optional(
            Type.Array(
              Type.Union([
                Type.Literal('bidder'),
                Type.Literal('analytics'),
                Type.Literal('rtd'),
                Type.Literal('general'),
              ]),
              { description: 'Component types; absent or empty = any' },
            ),
          ),
          'gpp-sid': Type.Optional(
            Type.Array(Type.Integer(), { description: 'Matches when regs.gpp_sid shares one of these' }),
          ),
          geo: names('COUNTRY or COUNTRY.REGION of device.geo (e.g. USA, USA.CA), case-insensitive'),
          gpc: Type.Optional(Type.String({ description: 'Matches when regs.ext.gpc equals this value' })),
        },
        { additionalProperties: false },
      ),
    ),
    allow: Type.Optional(
      Type.Boolean({
        description: 'The decision when the condition matches (absent = allow, as upstream Java)',
      }),
    ),
  },
  { additionalProperties: false },
);

const privacyRegRule = Type.Object(
  {
    privacyreg: Type.Array(Type.String(), {
      description: 'Privacy modules that decide (code, prefix with *, or * for all configured modules)',
    }),
  },
  { additionalProperties: false },
);

const activity = (what: string) =>
  Type.Optional(
    Type.Object(
      {
        default: Type.Boolean({ default: true, description: 'Decision when no rule matches' }),
        rules: Type.Array(Type.Union([conditionRule, privacyRegRule]), {
          default: [],
          description: 'Tried in order; the first matching rule decides',
        }),
      },
      { additionalProperties: false, description: what },
    ),
  );

export const activityControlsSection = {
  'activity-controls': section(
    {
      'allow-activities': section(
        {
          'sync-user': activity('/cookie_sync and /setuid for a bidder'),
          'fetch-bids': activity('Calling a bidder at all'),
          'enrich-ufpd': activity('A module adding user first-party data'),
          'report-analytics': activity('Reporting to an analytics adapter'),
          'transmit-ufpd': activity('Sending user first-party data and device ids to a bidder'),
          'transmit-precise-geo': activity('Sending precise geo and full IPs to a bidder'),
          'transmit-unique-request-ids': activity(
            'Parsed for parity; no effect (neither upstream applies it)',
          ),
          'transmit-tid': activity('Sending source.tid and imp[].ext.tid to a bidder'),
        },
        'Default activity settings of accounts that have no privacy.allowactivities entry for the activity',
      ),
      modules: Type.Array(
        Type.Object(
          {
            code: Type.Union([Type.Literal('iab.usgeneral'), Type.Literal('iab.uscustomlogic')]),
            enabled: Type.Boolean({ default: true }),
            'skip-rate': Type.Integer({
              minimum: 0,
              maximum: 100,
              default: 0,
              description: 'Percent of auctions in which the module abstains',
            }),
            config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          },
          { additionalProperties: false },
        ),
        { default: [], description: 'Privacy modules available to privacyreg rules (needs an evaluator)' },
      ),
    },
    'Activity controls: per-bidder and per-module allow/deny of privacy-sensitive activities',
  ),
};
