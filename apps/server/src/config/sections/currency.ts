// Currency conversion: server rates source and refresh (contract "Currency rules", notes §12).
// Owned by the money path.
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';

export const currencySection = {
  currency: section(
    {
      'rates-url': Type.String({
        default: 'https://cdn.jsdelivr.net/gh/prebid/currency-file@1/latest.json',
        description:
          'URL of a rates file in the upstream format ({"conversions":{FROM:{TO:rate}}}); the default is the public file both upstream servers fetch; empty = none (then rates-file)',
      }),
      'rates-file': Type.String({
        default: '',
        description: 'Local rates file in the same format; when set it replaces rates-url; empty = none',
      }),
      'static-rates': Type.Record(
        Type.String(),
        Type.Record(Type.String(), Type.Number({ exclusiveMinimum: 0 })),
        {
          default: {},
          description:
            'Constant rates {FROM:{TO:rate}}: the only server rates when no url/file is set, else the fallback until the first load (the server is then ready at once)',
        },
      ),
      'refresh-interval-seconds': Type.Integer({
        minimum: 0,
        default: 1800,
        description: 'Reload period of the url/file rates; 0 = load once at start',
      }),
      'stale-after-seconds': Type.Integer({
        minimum: 0,
        default: 259200,
        description: 'Rates older than this are dropped (stale flag + metric); 0 = never stale',
      }),
      'fetch-timeout-ms': Type.Integer({
        minimum: 1,
        default: 4000,
        description: 'Timeout of one rates load',
      }),
      'retry-initial-ms': Type.Integer({
        minimum: 1,
        default: 1000,
        description:
          'First retry delay after a failed load; doubles on each failure up to the refresh interval',
      }),
    },
    'Currency conversion (server rates)',
  ),
};
