// Host bidder settings: overrides of built-ins and host-declared bidders (instances of the generic
// OpenRTB adapter, no code). Owned by the bidder framework (issue 4 "host-declared bidders").
import { Type } from '@sinclair/typebox';

const mediaTypes = Type.Array(
  Type.Union(['banner', 'video', 'audio', 'native'].map((m) => Type.Literal(m))),
  { description: 'Media types served on this platform' },
);

const syncEndpoint = Type.Object(
  {
    url: Type.String({ description: 'Sync URL with {{redirect_url}}, {{gdpr}}, ... macros' }),
    'user-macro': Type.Optional(Type.String({ description: 'Macro the bidder replaces with its uid' })),
  },
  { additionalProperties: false },
);

export const HostBidderSchema = Type.Object(
  {
    endpoint: Type.Optional(Type.String({ description: 'Endpoint URL (macros allowed)' })),
    enabled: Type.Optional(Type.Boolean({ description: 'false: known but never called' })),
    'alias-of': Type.Optional(Type.String({ description: 'Built-in bidder this one is a hard alias of' })),
    'gvl-vendor-id': Type.Optional(Type.Integer({ minimum: 0, description: 'IAB GVL vendor id' })),
    'maintainer-email': Type.Optional(Type.String()),
    capabilities: Type.Optional(
      Type.Object(
        { site: Type.Optional(mediaTypes), app: Type.Optional(mediaTypes), dooh: Type.Optional(mediaTypes) },
        { additionalProperties: false },
      ),
    ),
    'modifying-vast-xml-allowed': Type.Optional(Type.Boolean()),
    openrtb: Type.Optional(
      Type.Object(
        {
          version: Type.Optional(
            Type.Union([Type.Literal('2.5'), Type.Literal('2.6')], {
              description:
                'OpenRTB version the bidder speaks: 2.5 (default) gets 2.6 fields moved to their ext places',
            }),
          ),
          'multiformat-supported': Type.Optional(
            Type.Boolean({
              description:
                'false: multi-format imps are reduced to the preferred media type (request biddercontrols, account preferredmediatype) or dropped',
            }),
          ),
          'gpp-supported': Type.Optional(
            Type.Boolean({
              description:
                'The bidder reads GPP itself; otherwise legacy gdpr/consent/us_privacy are filled from regs.gpp',
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    'endpoint-compression': Type.Optional(
      Type.Union([Type.Literal('gzip'), Type.Literal('none')], {
        description: 'gzip: request bodies are sent gzipped with Content-Encoding: gzip',
      }),
    ),
    geoscope: Type.Optional(
      Type.Array(Type.String(), {
        description: 'Regions served (ISO 3166 alpha-3, EEA, !-negated); informational',
      }),
    ),
    'platform-id': Type.Optional(
      Type.String({ description: 'Platform id handed to the adapter (e.g. audienceNetwork)' }),
    ),
    'app-secret': Type.Optional(
      Type.String({ description: 'App secret handed to the adapter (e.g. audienceNetwork)' }),
    ),
    'debug-allowed': Type.Optional(Type.Boolean()),
    'extra-info': Type.Optional(
      Type.Unknown({
        description:
          'Bidder-specific settings handed to its adapter, e.g. rubicon {xapi: {username, password, tracker}}, medianet source URL',
      }),
    ),
    'user-sync': Type.Optional(
      Type.Object(
        {
          key: Type.Optional(Type.String({ description: 'Cookie family (defaults to the bidder name)' })),
          iframe: Type.Optional(syncEndpoint),
          redirect: Type.Optional(syncEndpoint),
          preferred: Type.Optional(Type.Union([Type.Literal('iframe'), Type.Literal('redirect')])),
        },
        { additionalProperties: false },
      ),
    ),
    'params-schema': Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'JSON Schema of imp.ext.bidder params' }),
    ),
  },
  { additionalProperties: false },
);

export const biddersSection = {
  bidders: Type.Record(Type.String(), HostBidderSchema, {
    default: {},
    description:
      'Per bidder name: overrides of a built-in (endpoint, enabled, ...) or a host-declared bidder served by the generic OpenRTB 2.5 adapter (needs endpoint and capabilities). A declared name equal to a built-in replaces it when it gives capabilities.',
  }),
};
