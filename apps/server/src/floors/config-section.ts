// Host settings of price floors (G config.go `price_floors.enabled` and the
// `account_defaults.price_floors.*` defaults). The fetcher's own host keys (workers, HTTP client)
// belong to floors/fetch/. Accounts override the defaults with their `price_floors` block.
import { Type, type Static } from '@sinclair/typebox';
import { section } from '@gavel/common';
import { floorsFetcherSchema } from './fetch/config-section.js';

const int = (def: number, description: string, max?: number) =>
  Type.Integer({ minimum: 0, ...(max !== undefined ? { maximum: max } : {}), default: def, description });

export const priceFloorsSection = {
  'price-floors': section(
    {
      enabled: Type.Boolean({
        default: false,
        description:
          'Host switch: price floors (signalling and enforcement) run at all; accounts still need enabled',
      }),
      'default-account': section(
        {
          enabled: Type.Boolean({ default: false, description: 'Floors on for accounts that do not say' }),
          'enforce-floors-rate': int(100, 'Percentage of auctions in which floors are enforced', 100),
          'adjust-for-bid-adjustment': Type.Boolean({
            default: true,
            description: "Divide the floor sent to a bidder by that bidder's bid adjustment factor",
          }),
          'enforce-deal-floors': Type.Boolean({
            default: false,
            description: 'Also enforce floors on deal bids (the request must ask with floordeals)',
          }),
          'use-dynamic-data': Type.Boolean({
            default: false,
            description: 'Prefer fetched floors data over the request',
          }),
          'max-rules': int(100, 'Most rules a model group may have (0 = no limit)', 2147483647),
          'max-schema-dims': int(3, 'Most schema fields a model group may have (0 = no limit)', 20),
          fetch: section(
            {
              enabled: Type.Boolean({ default: false, description: 'Fetch floors data periodically' }),
              url: Type.String({ default: '', description: 'Where the floors data is fetched from' }),
              'timeout-ms': int(3000, 'Timeout of one fetch'),
              'max-file-size-kb': int(100, 'Largest accepted floors file (0 = no limit)'),
              'max-rules': int(1000, 'Most rules a fetched model group may have (0 = no limit)'),
              'max-age-sec': int(86400, 'Fetched data older than this is dropped'),
              'period-sec': int(3600, 'Refetch period'),
              'max-schema-dims': int(0, 'Most schema fields in fetched data (0 = no limit)', 19),
            },
            'Dynamic floors fetch (account price_floors.fetch)',
          ),
        },
        'Defaults of the account price_floors block',
      ),
      fetcher: floorsFetcherSchema,
    },
    'Price floors (request floors, dynamic data, enforcement)',
  ),
};

export type PriceFloorsConfig = Static<(typeof priceFloorsSection)['price-floors']>;
