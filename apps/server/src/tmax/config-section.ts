// Host settings of per-bidder tmax (upstream G `tmax_adjustments`; docs/tmax.md). Part of the
// `auction` section: `auction.tmax-adjustments.*`.
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';

const ms = (description: string) => Type.Integer({ minimum: 0, default: 0, description });

export const tmaxAdjustmentsSection = {
  'tmax-adjustments': section(
    {
      enabled: Type.Boolean({
        default: false,
        description:
          'Tell each bidder the time it really has: tmax = time left − network buffer − response preparation',
      }),
      'bidder-response-duration-min-ms': ms(
        'A bidder left with less than this after the allowances is not called (error 12 "exceeded tmax duration"); 0 turns adjustments off',
      ),
      'bidder-network-latency-buffer-ms': ms('Allowance for the network round trip to the bidder'),
      'pbs-response-preparation-duration-ms': ms(
        'Allowance for ranking, caching and answering after the bids',
      ),
    },
    'Per-bidder tmax (upstream tmax_adjustments): on when enabled, a minimum and at least one allowance are set',
  ),
  'tmax-default-to-bidders': Type.Boolean({
    default: true,
    description:
      'A request without tmax reaches bidders with tmax = auction.tmax-default-ms (PBS-Java); false leaves it absent (PBS-Go with tmax_default 0)',
  }),
};
