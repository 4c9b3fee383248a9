// Stored-data settings (stored requests, imps, responses, accounts; notes §16–17). Owned by the
// stored-data module: sources (files, PostgreSQL, HTTP), their cache, the default request and account.
import { Type } from '@sinclair/typebox';
import { secret, section } from '@gavel/common';
import { bidAdjustmentsSection } from '../../bidadjustments/config-section.js';
import { multibidSection } from '../../multibid/config-section.js';

const optionalTtl = (what: string) =>
  Type.Optional(Type.Integer({ minimum: 0, description: `Cache TTL in seconds for ${what} bids` }));

export const settingsSection = {
  settings: section(
    {
      'generate-storedrequest-bidrequest-id': Type.Boolean({
        default: false,
        description: 'Replace the id of a request built from a stored request with a fresh UUID',
      }),
      'timeout-ms': Type.Integer({
        minimum: 1,
        default: 50,
        description: 'Deadline of one stored-data lookup (all sources together)',
      }),
      files: section(
        {
          enabled: Type.Boolean({ default: true, description: 'Serve stored data from a directory' }),
          dir: Type.String({
            default: '',
            description:
              'Directory with stored_requests/, stored_imps/, stored_responses/, accounts/, categories/ (mapping files <adserver>/<adserver>[_<publisher>].json; "" = the bundled apps/server/stored-data)',
          }),
        },
        'Files source (first in the lookup order)',
      ),
      postgres: section(
        {
          enabled: Type.Boolean({ default: false, description: 'Serve stored data from PostgreSQL' }),
          'connection-string': secret(
            Type.String({
              default: 'postgres://postgres@127.0.0.1:5432/test',
              description: 'libpq connection URI',
            }),
          ),
          schema: Type.String({
            default: 'public',
            pattern: '^[a-z_][a-z0-9_]*$',
            description: 'Schema holding the stored-data tables',
          }),
          'pool-size': Type.Integer({ minimum: 1, default: 10, description: 'Maximum pooled connections' }),
          'refresh-interval-ms': Type.Integer({
            minimum: 0,
            default: 0,
            description:
              'Poll rows changed since the last poll (updated_at) and drop them from the cache; 0 = off',
          }),
          listen: Type.Boolean({
            default: false,
            description: 'LISTEN on channel gavel_stored and drop notified ids from the cache',
          }),
        },
        'PostgreSQL source (after files)',
      ),
      http: section(
        {
          enabled: Type.Boolean({ default: false, description: 'Serve stored data from an HTTP endpoint' }),
          endpoint: Type.String({
            default: '',
            description:
              'GET <endpoint>?kind=<kind>&id=a&id=b → {"<id>": <document>, ...} (absent id = not found)',
          }),
        },
        'HTTP source (last in the lookup order)',
      ),
      cache: section(
        {
          'max-entries': Type.Integer({
            minimum: 0,
            default: 50000,
            description: 'In-memory LRU entries over all kinds; 0 disables the cache',
          }),
          'ttl-ms': Type.Integer({
            minimum: 1,
            default: 300000,
            description: 'In-memory cache entry lifetime',
          }),
          'not-found-ttl-ms': Type.Integer({
            minimum: 0,
            default: 10000,
            description:
              'How long an id no source has is remembered as not found (bounded by max-entries; invalidation and PostgreSQL change feeds clear it); 0 disables',
          }),
        },
        'In-memory cache in front of the sources',
      ),
      'unknown-account': Type.Union([Type.Literal('default'), Type.Literal('reject')], {
        default: 'default',
        description: 'A request whose account id is not stored: use the default account, or reject it (400)',
      }),
      'default-account': section(
        {
          disabled: Type.Boolean({
            default: false,
            description: 'Requests of accounts without settings answer 503',
          }),
          'debug-allow': Type.Boolean({ default: true, description: 'Accounts may ask for debug output' }),
          'price-granularity': Type.Optional(
            Type.String({ description: 'Default price granularity (low, medium, high, auto, dense)' }),
          ),
          'cache-ttl': section(
            {
              banner: optionalTtl('banner'),
              video: optionalTtl('video'),
              native: optionalTtl('native'),
              audio: optionalTtl('audio'),
            },
            'Account-level cache TTLs (before the host cache TTLs)',
          ),
          'events-enabled': Type.Boolean({
            default: false,
            description: 'Win/imp event URLs and VAST events',
          }),
          'bid-adjustment-factors': Type.Record(Type.String(), Type.Number({ exclusiveMinimum: 0 }), {
            default: {},
            description: 'Bid adjustment factor per bidder code',
          }),
          ...bidAdjustmentsSection,
          ...multibidSection,
          'alternate-bidder-codes': Type.Optional(
            Type.Record(Type.String(), Type.Unknown(), {
              description:
                'Seats bidders may bid under ({enabled, bidders: {code: {enabled, allowedbiddercodes}}}; docs/alternate-bidder-codes.md)',
            }),
          ),
          'preferred-media-type': Type.Optional(
            Type.Record(
              Type.String(),
              Type.Union(['banner', 'video', 'audio', 'native'].map((m) => Type.Literal(m))),
              {
                description:
                  "Media type a multi-format imp keeps for each bidder whose info says multiformat-supported: false (bidder → type); the request's ext.<ns>.biddercontrols.<bidder>.prefmtype wins",
              },
            ),
          ),
        },
        'Host defaults of every account; a stored account overrides them field by field',
      ),
    },
    'Stored data',
  ),
};
